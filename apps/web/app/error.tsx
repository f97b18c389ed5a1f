'use client';

// A fault in a group's layout itself: shown without the shell.
export { default } from '@/components/errors/page-error';
