/** The signed-in user as `GET /user/me` returns it (SPEC §3). */
export interface RoleRef {
  _id: string;
  name: string;
}

export interface CurrentUser {
  _id: string;
  name: string;
  email: string;
  phone?: string;
  roles: RoleRef[];
  status?: string;
  isSuperAdmin?: boolean;
  modelPermissions?: Partial<Record<string, string[]>>;
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  pincode?: string;
  /** The version the record was read at; a profile save sends it back (a stale one gets 409). */
  version?: number;
}
