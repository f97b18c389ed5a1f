export * from './job-definitions';
export * from './job-queue';
