/** The signed-in user as GET /user/me and sign-in return it (CONTRACT.md §3), shared by the API and the web app. */
export interface RoleRef {
  _id: string;
  name: string;
}

export interface CurrentUserView {
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
  /** Two-factor sign-in is on for this user. */
  twoFactorEnabled?: boolean;
  /** A role of this user requires two-factor sign-in. */
  twoFactorRequired?: boolean;
  /** Required but not set up: every route but enrolment and sign-out answers 403 until it is. */
  twoFactorEnrolmentPending?: boolean;
  /** When the user last turned two-factor sign-in on. */
  twoFactorEnabledAt?: string;
  /** Recovery codes not used yet. */
  recoveryCodesLeft?: number;
}
