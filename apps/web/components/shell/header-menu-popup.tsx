'use client';

import { Menu } from '@base-ui/react/menu';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { IntentLink } from '@/components/ui/intent-link';
import { signOut } from '@/lib/client/auth-client';
import type { HeaderMenuProps } from './header-menu-types';

const itemClass =
  'flex w-full items-center justify-between gap-2 rounded px-3 py-2 text-left text-sm outline-none data-[highlighted]:bg-white/10 aria-[current=page]:text-accent';

/**
 * The menu behind a header menu's button: opens from its button, moves with the arrow keys,
 * and closes on Escape, on a click outside, on choosing an item and on any navigation. The
 * current page is marked (aria-current). Loaded on the first press of the button.
 */
export function HeaderMenuPopup({
  label,
  trigger,
  triggerClassName,
  links,
  signOut: withSignOut,
  testId,
  initiallyOpen,
}: HeaderMenuProps & { initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const pathname = usePathname();
  const [openedAt] = useState(pathname);
  // Back and forward, or a link elsewhere on the page, also close it.
  useEffect(() => {
    if (pathname !== openedAt) setOpen(false);
  }, [pathname, openedAt]);
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
              {withSignOut && (
                <>
                  <Menu.Separator className="my-1 border-t border-white/10" />
                  <SignOutItem />
                </>
              )}
            </Menu.Popup>
          </Menu.Positioner>
        </Menu.Portal>
      </Menu.Root>
    </div>
  );
}

/** The account menu's last item. */
function SignOutItem() {
  const [busy, setBusy] = useState(false);
  return (
    <Menu.Item
      className={itemClass}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signOut();
      }}
    >
      Sign out
    </Menu.Item>
  );
}
