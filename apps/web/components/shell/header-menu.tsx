'use client';

import { Menu } from '@base-ui/react/menu';
import { IntentLink } from '@/components/ui/intent-link';
import { usePathname } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';

const itemClass =
  'flex w-full items-center justify-between gap-2 rounded px-3 py-2 text-left text-sm outline-none data-[highlighted]:bg-white/10 aria-[current=page]:text-accent';

export interface HeaderMenuLink {
  href: string;
  label: string;
  /** Shown after the label (an unread count ...). */
  extra?: ReactNode;
  testId?: string;
}

/**
 * A menu of the top bar: opens from its button, moves with the arrow keys, and closes on
 * Escape, on a click outside, on choosing an item and on any navigation. The current page is
 * marked (aria-current).
 */
export function HeaderMenu({
  label,
  trigger,
  triggerClassName,
  links,
  footer,
  testId,
}: {
  /** The button's accessible name, when its content has none (an icon). */
  label: string | null;
  trigger: ReactNode;
  triggerClassName: string;
  links: HeaderMenuLink[];
  /** Items after the links, e.g. signing out: Menu.Item elements. */
  footer?: ReactNode;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  // Back and forward, or a link elsewhere on the page, also close it.
  useEffect(() => setOpen(false), [pathname]);
  return (
    <div className="relative shrink-0" data-testid={testId}>
      <Menu.Root open={open} onOpenChange={setOpen} modal={false}>
        <Menu.Trigger aria-label={label ?? undefined} className={triggerClassName}>
          {trigger}
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Positioner sideOffset={8} align="end" className="z-40">
            <Menu.Popup className="w-52 rounded-lg border border-white/10 bg-surface-overlay p-2 text-white shadow-xl outline-none">
              {links.map((link) => (
                <Menu.LinkItem
                  key={link.href}
                  closeOnClick
                  className={itemClass}
                  data-testid={link.testId}
                  aria-current={pathname === link.href ? 'page' : undefined}
                  render={<IntentLink href={link.href} />}
                >
                  {link.label}
                  {link.extra}
                </Menu.LinkItem>
              ))}
              {footer && (
                <>
                  <Menu.Separator className="my-1 border-t border-white/10" />
                  {footer}
                </>
              )}
            </Menu.Popup>
          </Menu.Positioner>
        </Menu.Portal>
      </Menu.Root>
    </div>
  );
}

/** A plain action item of a header menu. */
export function HeaderMenuAction({
  children,
  onClick,
  disabled,
}: {
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Menu.Item className={itemClass} onClick={onClick} disabled={disabled}>
      {children}
    </Menu.Item>
  );
}
