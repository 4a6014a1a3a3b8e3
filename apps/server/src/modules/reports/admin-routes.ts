import { channelReportQuery, channelReportSchema } from '@ld/contract/admin/reports';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { channelReportCsv } from './csv.ts';
import { channelReport } from './service.ts';

const tags = ['admin: reports'];
const config = { adminArea: 'reports' } as const;

/** 渠道报表 (decision 0062): the figures as JSON for the page, and as a CSV file. Registered in modules/admin.ts. */
export const reportAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/reports/channels',
    {
      config,
      schema: {
        tags,
        summary:
          '渠道报表：按日、渠道、邀请码统计设备激活、下载页访问、注册、游戏下载、充值与会员（北京时间）',
        querystring: channelReportQuery,
        response: { 200: envelopeOf(channelReportSchema) },
      },
    },
    async (request) => ok(await channelReport(deps, request.query)),
  );

  app.get(
    '/reports/channels.csv',
    {
      config,
      schema: {
        tags,
        summary: '渠道报表导出 CSV（UTF-8 带 BOM，Excel 可直接打开中文；中文表头）',
        querystring: channelReportQuery,
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = channelReportCsv(await channelReport(deps, request.query));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="channel-report-${from}-${to}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
