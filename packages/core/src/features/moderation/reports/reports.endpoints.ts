import { z } from 'zod';
import { defineModeEndpoint } from '../../../kernel/endpoint';
import { REPORT_STATES, REPORT_TARGETS } from '../../../platform/db/schema';
import { ReportInput } from './reports.schema';
import { createReport, listMyReports } from './reports.service';

const MyReportAnswer = z.object({
  id: z.string(),
  targetKind: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  targetLabel: z.string(),
  videoId: z.string().nullable(),
  reason: z.string(),
  reasonLabel: z.string(),
  details: z.string(),
  state: z.enum(REPORT_STATES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});

/**
 * `/api/v2/reports`: members report a video, a comment or a member (one report a person an
 * item), and follow what became of their reports.
 */
export const reportsEndpoint = defineModeEndpoint({
  path: '/api/v2/reports',
  summary: 'Report a video, a comment or a member, and see where your reports stand.',
  modes: {
    Report: {
      right: 'participate',
      summary:
        'Report an item: `targetKind` (video, comment or member), `targetId` (its id, or the username), `reason` (one of the listed keys) and optionally `details` (at most 1000 characters). A second report of the same item answers 409.',
      input: ReportInput,
      output: z.object({
        data: z.object({
          id: z.string(),
          targetKind: z.enum(REPORT_TARGETS),
          targetId: z.string(),
          state: z.enum(REPORT_STATES),
        }),
        Message: z.string(),
      }),
      async handle(input, context) {
        const { message, ...data } = await createReport(context, input);
        return { status: 201, body: { data, Message: message } };
      },
    },
    LoadMyReports: {
      right: 'participate',
      summary:
        'Your reports, newest first, 20 a page, each with its state (open, approved or actioned).',
      input: z.object({ index: z.number().int().min(0).max(10_000).default(0) }),
      output: z.object({
        data: z.array(MyReportAnswer),
        count: z.number().int().min(0),
        index: z.number().int().min(0),
        hasMore: z.boolean(),
      }),
      async handle({ index }, context) {
        const page = await listMyReports(context, index);
        return {
          body: { data: page.data, count: page.count, index: page.index, hasMore: page.hasMore },
        };
      },
    },
  },
});
