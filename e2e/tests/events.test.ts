import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createVerifiedUser, signInThroughApi } from '../support/accounts';
import { openPage } from '../support/browser';
import { createStaffAccount } from '../support/routes';
import { screenshot } from '../support/screenshots';
import { sessionCookie, uploadPublishedVideo } from '../support/videos';

const ALREADY_VOTED = 'You have already voted in this event: each member has one vote';

async function signedInPage(user: { email: string; password: string }, width = 1280) {
  const page = await openPage({ viewport: { width, height: 900 } });
  await signInThroughApi(page.context(), user.email, user.password);
  return page;
}

/** A datetime-local value `minutes` from now, in the browser's own time zone. */
const localInput = (page: Page, minutes: number) =>
  page.evaluate((offset) => {
    const date = new Date(Date.now() + offset * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }, minutes);

/** Sets the four windows of the admins' event form, in minutes from now. */
async function setWindows(page: Page, minutes: [number, number, number, number]) {
  const labels = ['Entries open', 'Entries close', 'Voting opens', 'Voting closes'];
  for (const [index, label] of labels.entries()) {
    await page.getByLabel(label, { exact: true }).fill(await localInput(page, minutes[index]!));
  }
}

describe('events in the browser', () => {
  it('an admin opens an event, an uploader enters, a member votes once (a second vote is refused), and the results show once it closes', async () => {
    const staff = await createStaffAccount();
    const uploader = await createVerifiedUser();
    const voter = await createVerifiedUser();
    const suffix = Date.now().toString(36);
    const title = `Entry ${suffix}`;
    await uploadPublishedVideo(await sessionCookie(uploader.email, uploader.password), {
      title,
      username: uploader.username,
    });

    // The admin creates the event with both windows open now.
    const admin = await signedInPage(staff);
    await admin.goto('/admin/events/new');
    const slug = `e2e-cup-${suffix}`;
    await admin.getByLabel('Title', { exact: true }).fill(`E2E Cup ${suffix}`);
    await admin.getByLabel('Address', { exact: true }).fill(slug);
    await admin.getByLabel('Rules', { exact: true }).fill('One video each.\nBe kind.');
    await setWindows(admin, [-60, 60, -60, 120]);
    await admin.getByTestId('event-save').click();
    await admin.waitForURL(/\/admin\/events\/\d+\?created=1$/);
    const editPath = new URL(admin.url()).pathname;

    // The uploader enters their video from the event page.
    const entrant = await signedInPage(uploader);
    await entrant.goto(`/events/${slug}`);
    await entrant.getByLabel('Video', { exact: true }).selectOption({ label: title });
    await entrant.getByTestId('enter-submit').click();
    await entrant.getByTestId('event-entry').filter({ hasText: title }).waitFor();
    await entrant.getByText('Your entry').waitFor();

    // The member has the page open twice; votes in one, then tries again in the other.
    const member = await signedInPage(voter);
    const stale = await member.context().newPage();
    await stale.goto(`/events/${slug}`);
    await member.goto(`/events/${slug}`);
    await member.getByRole('button', { name: `Vote for ${title}` }).click();
    await member.getByTestId('my-vote').waitFor();
    expect(await member.getByTestId('event-entries-note').textContent()).toContain(
      `You voted for “${title}”`,
    );
    expect(await member.getByTestId('vote-button').count()).toBe(0);
    await screenshot(member, 'event-page.png', { fullPage: true });
    await stale.getByRole('button', { name: `Vote for ${title}` }).click();
    expect(await stale.getByTestId('vote-error').textContent()).toBe(ALREADY_VOTED);

    // The admin closes it: both windows in the past.
    await admin.goto(editPath);
    await setWindows(admin, [-180, -120, -120, -2]);
    await admin.getByTestId('event-save').click();
    await admin.getByText('Saved.').waitFor();

    // Anyone now sees the ranked results, and the event among the past ones.
    const visitor = await openPage({ viewport: { width: 1280, height: 900 } });
    await visitor.goto(`/events/${slug}`);
    expect(await visitor.getByTestId('event-state').textContent()).toBe('Results');
    const result = visitor.getByTestId('event-entry').filter({ hasText: title });
    expect(await result.getByTestId('entry-result').textContent()).toBe('#1 · 1 vote');
    expect(await visitor.getByTestId('vote-button').count()).toBe(0);
    await visitor.goto('/events');
    await visitor.getByTestId('events-past').getByText(`E2E Cup ${suffix}`).waitFor();
    await screenshot(visitor, 'events.png', { fullPage: true });
    await visitor.goto(`/events/${slug}`);
    await screenshot(visitor, 'event-results.png', { fullPage: true });
    for (const page of [admin, entrant, member, visitor]) await page.context().close();
  });
});
