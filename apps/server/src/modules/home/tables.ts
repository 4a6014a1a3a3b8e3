import type { Generated } from 'kysely';

/** A banner of the home's carousel (set from the console). */
export interface HomeBannersTable {
  id: Generated<number>;
  image: string;
  alt: string;
  link: string;
  sort: Generated<number>;
  is_active: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A section of hot items on the home, one per search kind: its title, place and whether it shows. */
export interface HomeSectionsTable {
  kind: string;
  title: string;
  sort: Generated<number>;
  is_active: Generated<number>;
  updated_at: number;
}

export interface HomeTables {
  home_banners: HomeBannersTable;
  home_sections: HomeSectionsTable;
}
