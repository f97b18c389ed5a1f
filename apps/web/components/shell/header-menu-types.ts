import type { ReactNode } from 'react';

export interface HeaderMenuLink {
  href: string;
  label: string;
  /** Shown after the label (an unread count ...). */
  extra?: ReactNode;
  testId?: string;
}

export interface HeaderMenuProps {
  /** The button's accessible name, when its content has none (an icon). */
  label: string | null;
  trigger: ReactNode;
  triggerClassName: string;
  links: HeaderMenuLink[];
  /** Ends the menu with a "Sign out" item (the account menu). */
  signOut?: boolean;
  testId?: string;
}
