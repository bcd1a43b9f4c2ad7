import bcrypt from 'bcryptjs';
import { AUTH } from '../../shared/constants';

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, AUTH.bcryptCost);
export const checkPassword = (password: string, hash: string): Promise<boolean> => bcrypt.compare(password, hash);

/** Compared against when the email is unknown, so both cases take one bcrypt's time (no user enumeration). */
export const TIMING_DECOY_HASH = '$2b$12$PTP5nrVQa.uDOG2DGHD5COU4QgC9Tl.NdHNyTiUeeRX0jTTe3rTPe';
