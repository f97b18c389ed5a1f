import { defineRawRoute } from '../../../kernel/raw-route';

/** The download of everything the member has on the site (the same as /api/v2/account#ExportData). */
export const accountExportRoute = defineRawRoute({
  path: '/api/account/export',
  methods: ['GET'],
  right: 'participate',
  summary:
    'A copy of your data as a JSON file, cutroom-export-<username>-<date>.json; once every 10 minutes.',
  refusal: 'sign-in',
});
