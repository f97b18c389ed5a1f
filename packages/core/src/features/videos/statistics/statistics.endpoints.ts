import { defineModeEndpoint } from '../../../kernel/endpoint';
import { StatisticsAnswer, StatisticsInput } from './statistics.schema';
import { getUploaderStatistics } from './statistics.service';

/**
 * `/api/v2/statistics`: an uploader's figures for their own published videos (docs/account.md).
 */
export const statisticsEndpoint = defineModeEndpoint({
  path: '/api/v2/statistics',
  summary: 'Views, watch time and likes of your videos, a day and a video.',
  modes: {
    VideoStatistics: {
      right: 'upload',
      summary:
        'Your published videos over the last `days` days (28 or 90): totals, one entry a day and one a video; `videoId` narrows it to one of them.',
      input: StatisticsInput,
      output: StatisticsAnswer,
      handle: async (input, context) => ({
        body: { ...(await getUploaderStatistics(context, input)) },
      }),
    },
  },
});
