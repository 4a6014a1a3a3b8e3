export interface ClientConfigTable {
  key: string;
  value: string;
}

export interface ClientConfigTables {
  client_config: ClientConfigTable;
}
