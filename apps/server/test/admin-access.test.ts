import { ADMIN_AREAS, type AdminArea, OPERATOR_ROLES, type OperatorRole } from '@ld/contract/admin/roles';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminApi } from '../src/modules/admin.ts';
import { OPERATOR_IDLE_MS } from '../src/modules/operators/sessions.ts';
import {
  ADMIN_API,
  adminCall,
  auditRows,
  loginOperator,
  makeOperator,
  type Operator,
  operatorOf,
} from './helpers/admin.ts';
import { type Answer, createTestApp, describeDialects, registerUser, type TestApp } from './helpers/app.ts';

/**
 * Every admin call, with a probe that passes the guard without changing anything when the caller
 * may use it (a body the schema refuses, naming `field`, or an id that does not exist), and that
 * must be refused — 401 or 403, nothing changed — for every caller who may not, whatever the body.
 * A new admin route adds its row here; the first test fails until it does.
 */
interface RouteProbe {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** The route pattern as registered (when the probe path fills in an id). */
  pattern?: string;
  area: AdminArea;
  json?: unknown;
  /** What an allowed caller gets: a status, and for 400 the field the message names. */
  allowed: { status: number; field?: string };
}

const ROUTES: RouteProbe[] = [
  { method: 'GET', path: '/session', area: 'self', allowed: { status: 200 } },
  {
    method: 'POST',
    path: '/me/password',
    area: 'self',
    json: { oldPassword: 'x' },
    allowed: { status: 400, field: 'newPassword' },
  },
  {
    method: 'POST',
    path: '/me/totp/enable',
    area: 'self',
    json: { code: '12' },
    allowed: { status: 400, field: 'code' },
  },
  {
    method: 'POST',
    path: '/me/totp/disable',
    area: 'self',
    json: { code: '123456' },
    allowed: { status: 400, field: 'password' },
  },
  { method: 'GET', path: '/operators', area: 'operators', allowed: { status: 200 } },
  {
    method: 'GET',
    path: '/operators/999999',
    pattern: '/operators/:id',
    area: 'operators',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/operators',
    area: 'operators',
    json: { name: 'ab', role: 'editor', password: 'Op3rator!pass' },
    allowed: { status: 400, field: 'name' },
  },
  {
    method: 'PATCH',
    path: '/operators/999999',
    pattern: '/operators/:id',
    area: 'operators',
    json: { role: 'boss' },
    allowed: { status: 400, field: 'role' },
  },
  {
    method: 'POST',
    path: '/operators/999999/password',
    pattern: '/operators/:id/password',
    area: 'operators',
    json: { password: 'short' },
    allowed: { status: 400, field: 'password' },
  },
  {
    method: 'POST',
    path: '/operators/999999/totp/reset',
    pattern: '/operators/:id/totp/reset',
    area: 'operators',
    allowed: { status: 404 },
  },
  { method: 'GET', path: '/settings', area: 'operators', allowed: { status: 200 } },
  {
    method: 'PUT',
    path: '/settings',
    area: 'operators',
    json: { totpRequired: 'yes' },
    allowed: { status: 400, field: 'totpRequired' },
  },
  { method: 'GET', path: '/audit', area: 'audit', allowed: { status: 200 } },
  { method: 'GET', path: '/audit/vocabulary', area: 'audit', allowed: { status: 200 } },
  { method: 'GET', path: '/bulletins', area: 'content', allowed: { status: 200 } },
  {
    method: 'GET',
    path: '/bulletins/999999',
    pattern: '/bulletins/:id',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/bulletins',
    area: 'content',
    json: { title: '' },
    allowed: { status: 400, field: 'title' },
  },
  {
    method: 'PATCH',
    path: '/bulletins/999999',
    pattern: '/bulletins/:id',
    area: 'content',
    json: { published: 'yes' },
    allowed: { status: 400, field: 'published' },
  },
  {
    method: 'DELETE',
    path: '/bulletins/999999',
    pattern: '/bulletins/:id',
    area: 'content',
    allowed: { status: 404 },
  }, // 财务 and 渠道报表 (admin-money, decision 0062).
  { method: 'GET', path: '/orders', area: 'money', allowed: { status: 200 } },
  { method: 'GET', path: '/vip-orders', area: 'money', allowed: { status: 200 } },
  {
    method: 'GET',
    path: '/users/999999/statement',
    pattern: '/users/:user/statement',
    area: 'money',
    allowed: { status: 404 },
  },
  {
    method: 'GET',
    path: '/users/999999/ledger',
    pattern: '/users/:id/ledger',
    area: 'money',
    allowed: { status: 404 },
  },
  {
    method: 'GET',
    path: '/users/999999/ledger.csv',
    pattern: '/users/:id/ledger.csv',
    area: 'money',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/users/999999/adjustments',
    pattern: '/users/:id/adjustments',
    area: 'money',
    json: { direction: 'credit', amount: 5, note: '', requestKey: 'probe-key-0001' },
    allowed: { status: 400, field: 'note' },
  },
  {
    method: 'GET',
    path: '/reports/channels?from=2026-11-01&to=2026-11-07',
    pattern: '/reports/channels',
    area: 'reports',
    allowed: { status: 200 },
  },
  {
    method: 'GET',
    path: '/reports/channels.csv?from=2026-11-07&to=2026-11-01',
    pattern: '/reports/channels.csv',
    area: 'reports',
    allowed: { status: 400, field: 'to' },
  },
  // Games and gift packs (admin-games).
  { method: 'GET', path: '/games', area: 'content', allowed: { status: 200 } },
  { method: 'GET', path: '/games/999999', pattern: '/games/:id', area: 'content', allowed: { status: 404 } },
  {
    method: 'POST',
    path: '/games',
    area: 'content',
    json: { name: '' },
    allowed: { status: 400, field: 'name' },
  },
  {
    method: 'PATCH',
    path: '/games/999999',
    pattern: '/games/:id',
    area: 'content',
    json: { published: 'yes' },
    allowed: { status: 400, field: 'published' },
  },
  {
    method: 'POST',
    path: '/games/999999/move',
    pattern: '/games/:id/move',
    area: 'content',
    json: { direction: 'left' },
    allowed: { status: 400, field: 'direction' },
  },
  {
    method: 'POST',
    path: '/games/999999/icon',
    pattern: '/games/:id/icon',
    area: 'content',
    json: { file: 'x' },
    allowed: { status: 400, field: 'file' },
  },
  {
    method: 'POST',
    path: '/games/999999/screenshots',
    pattern: '/games/:id/screenshots',
    area: 'content',
    json: { file: 'x' },
    allowed: { status: 400, field: 'file' },
  },
  {
    method: 'POST',
    path: '/games/999999/packages/android',
    pattern: '/games/:id/packages/:platform',
    area: 'content',
    json: { file: 'x' },
    allowed: { status: 404 },
  },
  { method: 'GET', path: '/game-types', area: 'content', allowed: { status: 200 } },
  {
    method: 'POST',
    path: '/game-types',
    area: 'content',
    json: { name: ' ' },
    allowed: { status: 400, field: 'name' },
  },
  { method: 'GET', path: '/gift-packs', area: 'content', allowed: { status: 200 } },
  {
    method: 'GET',
    path: '/gift-packs/999999',
    pattern: '/gift-packs/:id',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/gift-packs',
    area: 'content',
    json: {},
    allowed: { status: 400, field: 'gameId' },
  },
  {
    method: 'PATCH',
    path: '/gift-packs/999999',
    pattern: '/gift-packs/:id',
    area: 'content',
    json: { title: '' },
    allowed: { status: 400, field: 'title' },
  },
  {
    method: 'DELETE',
    path: '/gift-packs/999999',
    pattern: '/gift-packs/:id',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/gift-packs/999999/codes',
    pattern: '/gift-packs/:id/codes',
    area: 'content',
    json: { format: 'xml', text: 'ABCD' },
    allowed: { status: 400, field: 'format' },
  },
  { method: 'GET', path: '/videos', area: 'content', allowed: { status: 200 } },
  { method: 'GET', path: '/videos/categories', area: 'content', allowed: { status: 200 } },
  {
    method: 'GET',
    path: '/videos/999999',
    pattern: '/videos/:id',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/videos',
    area: 'content',
    json: { title: 'x' },
    allowed: { status: 400, field: 'file' },
  },
  {
    method: 'PATCH',
    path: '/videos/999999',
    pattern: '/videos/:id',
    area: 'content',
    json: { published: 'yes' },
    allowed: { status: 400, field: 'published' },
  },
  // novels (docs/decisions/0059-novels-and-comics-console.md)
  { method: 'GET', path: '/novels', area: 'content', allowed: { status: 200 } },
  { method: 'GET', path: '/novels/categories', area: 'content', allowed: { status: 200 } },
  {
    method: 'GET',
    path: '/novels/999999',
    pattern: '/novels/:id',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/novels',
    area: 'content',
    json: { title: '' },
    allowed: { status: 400, field: 'title' },
  },
  {
    method: 'PATCH',
    path: '/novels/999999',
    pattern: '/novels/:id',
    area: 'content',
    json: { published: 'yes' },
    allowed: { status: 400, field: 'published' },
  },
  {
    method: 'POST',
    path: '/novels/999999/cover',
    pattern: '/novels/:id/cover',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'GET',
    path: '/novels/999999/units',
    pattern: '/novels/:id/units',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/novels/999999/pricing',
    pattern: '/novels/:id/pricing',
    area: 'content',
    json: { freeFirst: -1, price: 1 },
    allowed: { status: 400, field: 'freeFirst' },
  },
  {
    method: 'POST',
    path: '/novels/999999/imports',
    pattern: '/novels/:id/imports',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'GET',
    path: `/novels/999999/imports/${'0'.repeat(32)}/lines`,
    pattern: '/novels/:id/imports/:importId/lines',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: `/novels/999999/imports/${'0'.repeat(32)}`,
    pattern: '/novels/:id/imports/:importId',
    area: 'content',
    json: { chapters: [] },
    allowed: { status: 400, field: 'chapters' },
  },
  {
    method: 'PATCH',
    path: '/novels/999999/units/1',
    pattern: '/novels/:id/units/:unitId',
    area: 'content',
    json: { title: '' },
    allowed: { status: 400, field: 'title' },
  },
  {
    method: 'DELETE',
    path: '/novels/999999/units/1',
    pattern: '/novels/:id/units/:unitId',
    area: 'content',
    allowed: { status: 404 },
  },
  // comics (docs/decisions/0059-novels-and-comics-console.md)
  { method: 'GET', path: '/comics', area: 'content', allowed: { status: 200 } },
  { method: 'GET', path: '/comics/categories', area: 'content', allowed: { status: 200 } },
  {
    method: 'GET',
    path: '/comics/999999',
    pattern: '/comics/:id',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/comics',
    area: 'content',
    json: { title: '' },
    allowed: { status: 400, field: 'title' },
  },
  {
    method: 'PATCH',
    path: '/comics/999999',
    pattern: '/comics/:id',
    area: 'content',
    json: { published: 'yes' },
    allowed: { status: 400, field: 'published' },
  },
  {
    method: 'POST',
    path: '/comics/999999/cover',
    pattern: '/comics/:id/cover',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'GET',
    path: '/comics/999999/units',
    pattern: '/comics/:id/units',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/comics/999999/pricing',
    pattern: '/comics/:id/pricing',
    area: 'content',
    json: { freeFirst: -1, price: 1 },
    allowed: { status: 400, field: 'freeFirst' },
  },
  {
    method: 'POST',
    path: '/comics/999999/episodes',
    pattern: '/comics/:id/episodes',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'GET',
    path: '/comics/999999/episodes/1',
    pattern: '/comics/:id/episodes/:eid',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'PUT',
    path: '/comics/999999/episodes/1/pages',
    pattern: '/comics/:id/episodes/:eid/pages',
    area: 'content',
    json: { order: 'x' },
    allowed: { status: 400, field: 'order' },
  },
  {
    method: 'PATCH',
    path: '/comics/999999/units/1',
    pattern: '/comics/:id/units/:unitId',
    area: 'content',
    json: { title: '' },
    allowed: { status: 400, field: 'title' },
  },
  {
    method: 'DELETE',
    path: '/comics/999999/units/1',
    pattern: '/comics/:id/units/:unitId',
    area: 'content',
    allowed: { status: 404 },
  },
  // Operations (admin-ops): moderation, users, the customer service inbox, system messages.
  { method: 'GET', path: '/moderation/posts', area: 'moderation', allowed: { status: 200 } },
  {
    method: 'POST',
    path: '/moderation/posts/999999/delete',
    pattern: '/moderation/posts/:id/delete',
    area: 'moderation',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/moderation/posts/999999/restore',
    pattern: '/moderation/posts/:id/restore',
    area: 'moderation',
    allowed: { status: 404 },
  },
  { method: 'GET', path: '/moderation/comments', area: 'moderation', allowed: { status: 200 } },
  {
    method: 'POST',
    path: '/moderation/comments/999999/delete',
    pattern: '/moderation/comments/:id/delete',
    area: 'moderation',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/moderation/comments/999999/restore',
    pattern: '/moderation/comments/:id/restore',
    area: 'moderation',
    allowed: { status: 404 },
  },
  { method: 'GET', path: '/moderation/users', area: 'moderation', allowed: { status: 200 } },
  {
    method: 'GET',
    path: '/moderation/users/999999',
    pattern: '/moderation/users/:id',
    area: 'moderation',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/moderation/users/999999/mute',
    pattern: '/moderation/users/:id/mute',
    area: 'moderation',
    json: { until: 'tomorrow', reason: '发布广告' },
    allowed: { status: 400, field: 'until' },
  },
  {
    method: 'POST',
    path: '/moderation/users/999999/unmute',
    pattern: '/moderation/users/:id/unmute',
    area: 'moderation',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/moderation/users/999999/ban',
    pattern: '/moderation/users/:id/ban',
    area: 'moderation',
    json: { reason: '' },
    allowed: { status: 400, field: 'reason' },
  },
  {
    method: 'POST',
    path: '/moderation/users/999999/unban',
    pattern: '/moderation/users/:id/unban',
    area: 'moderation',
    allowed: { status: 404 },
  },
  { method: 'GET', path: '/kefu', area: 'moderation', allowed: { status: 200 } },
  { method: 'GET', path: '/kefu/999999', pattern: '/kefu/:id', area: 'moderation', allowed: { status: 404 } },
  {
    method: 'POST',
    path: '/kefu/999999/reply',
    pattern: '/kefu/:id/reply',
    area: 'moderation',
    json: { content: '' },
    allowed: { status: 400, field: 'content' },
  },
  { method: 'GET', path: '/broadcasts', area: 'moderation', allowed: { status: 200 } },
  {
    method: 'GET',
    path: '/broadcasts/999999',
    pattern: '/broadcasts/:id',
    area: 'moderation',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/broadcasts',
    area: 'moderation',
    json: { title: '', content: '你好', audience: 'all' },
    allowed: { status: 400, field: 'title' },
  },
  // admin-site (issue 20 §3): the portal's site settings.
  { method: 'GET', path: '/recharge-packs', area: 'content', allowed: { status: 200 } },
  {
    method: 'GET',
    path: '/recharge-packs/999999',
    pattern: '/recharge-packs/:id',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/recharge-packs',
    area: 'content',
    json: { price: 0, diamonds: 10 },
    allowed: { status: 400, field: 'price' },
  },
  {
    method: 'PATCH',
    path: '/recharge-packs/999999',
    pattern: '/recharge-packs/:id',
    area: 'content',
    json: { diamonds: -1 },
    allowed: { status: 400, field: 'diamonds' },
  },
  { method: 'GET', path: '/vip-plans', area: 'content', allowed: { status: 200 } },
  {
    method: 'GET',
    path: '/vip-plans/999999',
    pattern: '/vip-plans/:id',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/vip-plans',
    area: 'content',
    json: { name: '周卡', days: 7, price: 100, badge: 'gold' },
    allowed: { status: 400, field: 'badge' },
  },
  {
    method: 'PATCH',
    path: '/vip-plans/999999',
    pattern: '/vip-plans/:id',
    area: 'content',
    json: { days: 0 },
    allowed: { status: 400, field: 'days' },
  },
  { method: 'GET', path: '/home-banners', area: 'content', allowed: { status: 200 } },
  {
    method: 'GET',
    path: '/home-banners/999999',
    pattern: '/home-banners/:id',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/home-banners/image',
    area: 'content',
    json: { file: 'x' },
    allowed: { status: 400, field: 'file' },
  },
  {
    method: 'POST',
    path: '/home-banners',
    area: 'content',
    json: { image: 'https://evil.example/a.png', alt: '横幅', link: '/checkin' },
    allowed: { status: 400, field: 'image' },
  },
  {
    method: 'PATCH',
    path: '/home-banners/999999',
    pattern: '/home-banners/:id',
    area: 'content',
    json: { link: 'javascript:alert(1)' },
    allowed: { status: 400, field: 'link' },
  },
  {
    method: 'DELETE',
    path: '/home-banners/999999',
    pattern: '/home-banners/:id',
    area: 'content',
    allowed: { status: 404 },
  },
  { method: 'GET', path: '/home-sections', area: 'content', allowed: { status: 200 } },
  {
    method: 'GET',
    path: '/home-sections/nope',
    pattern: '/home-sections/:kind',
    area: 'content',
    allowed: { status: 400, field: 'kind' },
  },
  {
    method: 'PATCH',
    path: '/home-sections/game',
    pattern: '/home-sections/:kind',
    area: 'content',
    json: { title: '' },
    allowed: { status: 400, field: 'title' },
  },
  { method: 'GET', path: '/sensitive-words', area: 'content', allowed: { status: 200 } },
  {
    method: 'POST',
    path: '/sensitive-words',
    area: 'content',
    json: { word: ' ' },
    allowed: { status: 400, field: 'word' },
  },
  {
    method: 'POST',
    path: '/sensitive-words/import',
    area: 'content',
    json: { text: '' },
    allowed: { status: 400, field: 'text' },
  },
  {
    method: 'POST',
    path: '/sensitive-words/import-file',
    area: 'content',
    json: { file: 'x' },
    allowed: { status: 400, field: 'file' },
  },
  {
    method: 'DELETE',
    path: '/sensitive-words/999999',
    pattern: '/sensitive-words/:id',
    area: 'content',
    allowed: { status: 404 },
  },
  { method: 'GET', path: '/square-tags', area: 'content', allowed: { status: 200 } },
  {
    method: 'GET',
    path: '/square-tags/999999',
    pattern: '/square-tags/:id',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/square-tags',
    area: 'content',
    json: { name: '' },
    allowed: { status: 400, field: 'name' },
  },
  {
    method: 'PATCH',
    path: '/square-tags/999999',
    pattern: '/square-tags/:id',
    area: 'content',
    json: { sort: -1 },
    allowed: { status: 400, field: 'sort' },
  },
  { method: 'GET', path: '/faqs', area: 'content', allowed: { status: 200 } },
  { method: 'GET', path: '/faqs/999999', pattern: '/faqs/:id', area: 'content', allowed: { status: 404 } },
  {
    method: 'POST',
    path: '/faqs',
    area: 'content',
    json: { question: '', answer: 'a' },
    allowed: { status: 400, field: 'question' },
  },
  {
    method: 'PATCH',
    path: '/faqs/999999',
    pattern: '/faqs/:id',
    area: 'content',
    json: { answer: ' ' },
    allowed: { status: 400, field: 'answer' },
  },
  { method: 'DELETE', path: '/faqs/999999', pattern: '/faqs/:id', area: 'content', allowed: { status: 404 } },
  { method: 'GET', path: '/client-config', area: 'content', allowed: { status: 200 } },
  {
    method: 'GET',
    path: '/client-config/noSuchKey',
    pattern: '/client-config/:key',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/client-config',
    area: 'content',
    json: { key: '1bad', value: 'x' },
    allowed: { status: 400, field: 'key' },
  },
  {
    method: 'PATCH',
    path: '/client-config/noSuchKey',
    pattern: '/client-config/:key',
    area: 'content',
    json: { value: '' },
    allowed: { status: 400, field: 'value' },
  },
  {
    method: 'DELETE',
    path: '/client-config/noSuchKey',
    pattern: '/client-config/:key',
    area: 'content',
    allowed: { status: 404 },
  },
  // 活动中心 (admin-activities)
  { method: 'GET', path: '/activities', area: 'content', allowed: { status: 200 } },
  {
    method: 'GET',
    path: '/activities/999999',
    pattern: '/activities/:id',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/activities',
    area: 'content',
    json: { title: ' ', banner: '/banners/a.webp', startTime: 'x', endTime: 'y' },
    allowed: { status: 400, field: 'title' },
  },
  {
    method: 'PATCH',
    path: '/activities/999999',
    pattern: '/activities/:id',
    area: 'content',
    json: { title: 'a' },
    allowed: { status: 404 },
  },
  {
    method: 'POST',
    path: '/activities/999999/tasks',
    pattern: '/activities/:id/tasks',
    area: 'content',
    json: { kind: 'read', title: '阅读3章', target: 3, reward: -1 },
    allowed: { status: 400, field: 'reward' },
  },
  {
    method: 'PATCH',
    path: '/activities/999999/tasks/999999',
    pattern: '/activities/:id/tasks/:tid',
    area: 'content',
    json: { target: 0 },
    allowed: { status: 400, field: 'target' },
  },
  {
    method: 'POST',
    path: '/activities/banner',
    area: 'content',
    json: { file: 'x' },
    allowed: { status: 400, field: 'file' },
  },
  {
    method: 'DELETE',
    path: '/activities/999999',
    pattern: '/activities/:id',
    area: 'content',
    allowed: { status: 404 },
  },
  {
    method: 'DELETE',
    path: '/activities/999999/tasks/999999',
    pattern: '/activities/:id/tasks/:tid',
    area: 'content',
    allowed: { status: 404 },
  },
];

/** Routes whose checks live in admin-sessions.test.ts: calling them changes the session itself. */
/** GET routes answering 200 that are not paged lists (one record, a vocabulary, a report). */
const NOT_LISTS = new Set<string>([
  '/session',
  '/settings',
  '/audit/vocabulary',
  '/reports/channels?from=2026-11-01&to=2026-11-07',
  '/game-types',
  '/videos/categories',
  '/novels/categories',
  '/comics/categories',
  // The five sections, always whole.
  '/home-sections',
]);

const SESSION_ROUTES = ['POST /auth/login', 'POST /auth/totp', 'POST /auth/logout', 'POST /me/totp/setup'];

/** The admin routes as registered: the admin plugin alone on a bare Fastify, listening to onRoute. */
async function registeredAdminRoutes(t: TestApp): Promise<string[]> {
  const bare = Fastify({ logger: false });
  bare.setValidatorCompiler(validatorCompiler);
  bare.setSerializerCompiler(serializerCompiler);
  bare.decorate('deps', t.deps);
  const seen: string[] = [];
  bare.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') seen.push(`${method} ${route.url.slice(ADMIN_API.length)}`);
  });
  await bare.register(adminApi, { prefix: ADMIN_API });
  await bare.ready();
  await bare.close();
  return seen.sort();
}

describeDialects('admin access', (dialect) => {
  let t: TestApp;
  const operators = {} as Record<OperatorRole, Operator>;
  let expired: Operator;
  let portalUser: { uid: string; token: string };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of OPERATOR_ROLES) operators[role] = await operatorOf(t, role);
    expired = await loginOperator(t.app, await makeOperator(t, 'admin'));
    // Its last call was longer ago than the idle limit.
    await t.deps.db.kysely
      .updateTable('operator_sessions')
      .set({ last_used_at: t.clock.now() - OPERATOR_IDLE_MS - 1 })
      .where('operator_id', '=', expired.id)
      .execute();
    portalUser = await registerUser(t.app);
  });
  afterAll(() => t?.close());

  it('lists every admin route in the table above', async () => {
    const covered = [...ROUTES.map((r) => `${r.method} ${r.pattern ?? r.path}`), ...SESSION_ROUTES].sort();
    expect(await registeredAdminRoutes(t)).toEqual(covered);
  });

  /** A count of every table an admin call could change, to show a refused call changed nothing. */
  const snapshot = async () => {
    const count = async (
      table: 'audit_log' | 'operators' | 'bulletins' | 'operator_settings' | 'operator_sessions',
    ) =>
      Number(
        (
          await t.deps.db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const ops = await t.deps.db.kysely
      .selectFrom('operators')
      .select(['id', 'role', 'is_disabled', 'password_hash', 'totp_secret', 'updated_at'])
      .orderBy('id')
      .execute();
    return {
      audit: await count('audit_log'),
      bulletins: await count('bulletins'),
      settings: await count('operator_settings'),
      ops,
    };
  };

  const refusal = (answer: Answer) => ({ status: answer.status, code: answer.code });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: each role allowed or refused by its area',
    async (_name, route) => {
      for (const role of OPERATOR_ROLES) {
        const before = await snapshot();
        const answer = await adminCall(t.app, route.method, route.path, {
          operator: operators[role],
          json: route.json,
        });
        if ((ADMIN_AREAS[route.area] as readonly string[]).includes(role)) {
          expect(answer.status, `${role} may use ${route.area}: ${answer.msg}`).toBe(route.allowed.status);
          if (route.allowed.field)
            expect(answer.msg.startsWith(`${route.allowed.field}:`), answer.msg).toBe(true);
        } else {
          expect(refusal(answer), `${role} may not use ${route.area}`).toEqual({ status: 403, code: 403 });
          expect(answer.msg).toContain('没有权限');
          expect(await snapshot()).toEqual(before);
        }
      }
    },
  );

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: refused with 401 to no session, an expired one, a portal user',
    async (_name, route) => {
      const before = await snapshot();
      const callers: Array<[string, Parameters<typeof adminCall>[3]]> = [
        ['nobody', { json: route.json }],
        ['an expired session', { operator: expired, json: route.json }],
        [
          'a portal user (uid/token)',
          { json: route.json, headers: { uid: portalUser.uid, token: portalUser.token } },
        ],
        ['a forged cookie', { json: route.json, headers: { cookie: `ld_admin=${'a'.repeat(64)}` } }],
      ];
      for (const [who, options] of callers) {
        const answer = await adminCall(t.app, route.method, route.path, options);
        expect(refusal(answer), who).toEqual({ status: 401, code: 401 });
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(ROUTES.filter((r) => r.method !== 'GET').map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: a write without the session CSRF token is refused',
    async (_name, route) => {
      const before = await snapshot();
      const admin = operators.admin;
      for (const csrf of [undefined, 'wrong-token', operators.editor.csrfToken]) {
        const answer = await adminCall(t.app, route.method, route.path, {
          operator: { ...admin, csrfToken: csrf ?? '' },
          json: route.json,
          ...(csrf === undefined ? { headers: { 'x-csrf-token': '' } } : {}),
        });
        expect(refusal(answer), `csrf ${csrf}`).toEqual({ status: 403, code: 403 });
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it('documents the session security on every admin route of the OpenAPI document', async () => {
    const doc = (
      t.app as unknown as {
        swagger(): {
          paths: Record<string, Record<string, { security?: unknown }>>;
          components: { securitySchemes: Record<string, unknown> };
        };
      }
    ).swagger();
    expect(Object.keys(doc.components.securitySchemes)).toEqual(
      expect.arrayContaining(['adminSession', 'adminCsrf']),
    );
    const adminPaths = Object.entries(doc.paths).filter(([p]) => p.startsWith(ADMIN_API));
    // One document path per route pattern (several methods share a path).
    expect(adminPaths.length).toBeGreaterThanOrEqual(new Set(ROUTES.map((r) => r.pattern ?? r.path)).size);
    for (const [p, methods] of adminPaths) {
      for (const [method, operation] of Object.entries(methods)) {
        if (p === `${ADMIN_API}/auth/login`) expect(operation.security, p).toEqual([]);
        else expect(operation.security, `${method} ${p}`).toEqual([{ adminSession: [], adminCsrf: [] }]);
      }
    }
  });

  /** The routes that page a list (adminListQuery: currentPage, pageSize ≤ 100, sort, order). */
  const LISTS = ROUTES.filter(
    (r) => r.method === 'GET' && r.allowed.status === 200 && !NOT_LISTS.has(r.path),
  );

  it.each(LISTS.map((r) => [r.path, r] as const))(
    'GET %s: a page size over 100, an unknown sort or order is 400 naming it, never a 500',
    async (_name, route) => {
      for (const [query, field] of [
        [{ pageSize: '1000' }, 'pageSize'],
        [{ currentPage: '0' }, 'currentPage'],
        [{ sort: 'nope' }, 'sort'],
        [{ order: 'sideways' }, 'order'],
      ] as const) {
        const answer = await adminCall(t.app, 'GET', route.path, { operator: operators.admin, query });
        expect(answer.status, `${route.path} ${JSON.stringify(query)}: ${answer.msg}`).toBe(400);
        expect(answer.msg.startsWith(`${field}:`), answer.msg).toBe(true);
      }
    },
  );

  // A statement is looked up by uid or login name, so `abc` is a name (404), not bad input.
  const withIds = ROUTES.filter((r) => r.path.includes('/999999') && r.pattern !== '/users/:user/statement');
  it.each(withIds.map((r) => [`${r.method} ${r.pattern}`, r] as const))(
    '%s: an id that is not a number is 400 naming it, changing nothing',
    async (_name, route) => {
      const before = await snapshot();
      const param = /\/:(\w+)/.exec(route.pattern ?? '')?.[1] ?? 'id';
      const answer = await adminCall(t.app, route.method, route.path.replace('/999999', '/abc'), {
        operator: operators.admin,
        json: route.json,
      });
      expect(answer.status, answer.msg).toBe(400);
      expect(answer.msg.startsWith(`${param}:`), answer.msg).toBe(true);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('writes no audit row for any refused or invalid call above', async () => {
    // The operators were made through the service: one operator.create row each, nothing else.
    const actions = new Set((await auditRows(t)).map((r) => r.action));
    expect([...actions]).toEqual(['operator.create']);
  });
});
