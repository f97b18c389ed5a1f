'use client';

// Errors inside the group's pages show within its shell.
export { default } from '@/components/errors/page-error';
