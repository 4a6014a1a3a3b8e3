/** Tables of the platform itself, not of any module. */

/** Generated secrets, by name (platform/secrets.ts). */
export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface LeasesTable {
  name: string;
  holder: string;
  /** Epoch ms; after it, any process may take the lease. */
  expires_at: number;
}

export interface PlatformTables {
  app_secrets: AppSecretsTable;
  leases: LeasesTable;
}
