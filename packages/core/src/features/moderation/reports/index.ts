// What moderation/reports offers the other features: they import it from here alone.

export { closeReports } from './close-reports';
export { REPORT_REASONS, TargetId } from './reports.schema';
export type { ReportReason } from './reports.schema';
