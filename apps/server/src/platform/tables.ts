/** Tables of the platform itself, not of any module. */
export interface LeasesTable {
  name: string;
  holder: string;
  /** Epoch ms; after it, any process may take the lease. */
  expires_at: number;
}

export interface PlatformTables {
  leases: LeasesTable;
}
