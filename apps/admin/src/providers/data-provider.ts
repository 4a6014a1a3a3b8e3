import type { AdminPage } from '@ld/contract/admin/list';
import type { BaseRecord, CrudFilter, DataProvider } from '@refinedev/core';
import { API_BASE, api } from './http';

/**
 * refine's data calls mapped to the admin API (docs/decisions/0048-operator-console.md):
 * - getList → GET /<resource>?currentPage&pageSize&sort&order&<filter>=<value>: paging, the first
 *   sorter and the filters go to the server, which pages, sorts and filters (adminListQuery);
 * - getOne → GET /<resource>/<id>; create → POST /<resource>; update → PATCH /<resource>/<id>;
 *   deleteOne → DELETE /<resource>/<id>; custom → any other call (publish, reset, settings).
 * A resource's `meta.path` overrides its API path when it differs from the resource name.
 */

const pathOf = (resource: string, meta?: Record<string, unknown>) =>
  `/${typeof meta?.path === 'string' ? meta.path : resource}`;

/** Filters as query parameters: `eq`/`contains` on a field become `field=value`; a range `gte`/`lte` becomes `from`/`to`. */
function filterParams(filters: CrudFilter[] = []): Record<string, string> {
  const params: Record<string, string> = {};
  for (const filter of filters) {
    if (!('field' in filter)) continue;
    const value = filter.value;
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0))
      continue;
    if (filter.operator === 'between' && Array.isArray(value)) {
      if (value[0]) params.from = String(value[0]);
      if (value[1]) params.to = String(value[1]);
    } else if (filter.operator === 'gte') params.from = String(value);
    else if (filter.operator === 'lte') params.to = String(value);
    else params[filter.field] = String(Array.isArray(value) ? value[0] : value);
  }
  return params;
}

export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE,

  async getList({ resource, pagination, sorters, filters, meta }) {
    const sorter = sorters?.[0];
    const page = await api<AdminPage<BaseRecord>>('GET', pathOf(resource, meta), {
      query: {
        ...(pagination?.mode === 'off'
          ? {}
          : { currentPage: pagination?.currentPage ?? 1, pageSize: pagination?.pageSize ?? 20 }),
        ...(sorter ? { sort: sorter.field, order: sorter.order } : {}),
        ...filterParams(filters),
      },
    });
    return { data: page.records as never[], total: page.total };
  },

  async getOne({ resource, id, meta }) {
    return { data: await api<never>('GET', `${pathOf(resource, meta)}/${id}`) };
  },

  async create({ resource, variables, meta }) {
    return { data: await api<never>('POST', pathOf(resource, meta), { json: variables }) };
  },

  async update({ resource, id, variables, meta }) {
    return { data: await api<never>('PATCH', `${pathOf(resource, meta)}/${id}`, { json: variables }) };
  },

  async deleteOne({ resource, id, meta }) {
    await api<null>('DELETE', `${pathOf(resource, meta)}/${id}`);
    return { data: { id } as never };
  },

  async custom({ url, method, payload, query }) {
    const verb = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    const path = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url;
    return {
      data: await api<never>(verb, path, {
        json: payload,
        query: query as Record<string, string> | undefined,
      }),
    };
  },
};
