import { z } from 'zod';
import { PagePosition } from '../../discovery/browse';
import {
  defineModeEndpoint,
  requireMediaServices,
  type RequestContext,
} from '../../../kernel/endpoint';
import { notificationSinkOf } from '../../people/notifications';
import {
  CreateTicketInput,
  TICKET_CATEGORIES,
  TICKET_STATES,
  TicketPageInput,
  TicketQueueInput,
  TicketRef,
  TicketReplyInput,
} from './tickets.schema';
import {
  closeTicket,
  createTicket,
  listMyTickets,
  listTicketQueue,
  loadTicket,
  replyToTicket,
  type TicketContext,
} from './tickets.service';

const ticketContextOf = (context: RequestContext): TicketContext => ({
  ...context,
  storage: requireMediaServices(context).storage,
  maxImageBytes: context.config.TICKET_IMAGE_MAX_BYTES,
  sink: notificationSinkOf(context),
});

/** What closing needs: no storage. */
const closeContextOf = (context: RequestContext) => ({
  ...context,
  sink: notificationSinkOf(context),
});

const State = z.enum(TICKET_STATES);

const TicketSummaryAnswer = z.object({
  id: z.number().int(),
  ref: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  subject: z.string(),
  state: State,
  createdAt: z.string(),
  updatedAt: z.string(),
  username: z.string(),
  posts: z.number().int(),
});

const TicketThreadAnswer = z.object({
  data: TicketSummaryAnswer.extend({
    thread: z.array(
      z.object({
        id: z.string(),
        body: z.string(),
        fromStaff: z.boolean(),
        author: z.string(),
        createdAt: z.string(),
        images: z.array(
          z.object({ url: z.string(), contentType: z.string(), bytes: z.number().int() }),
        ),
      }),
    ),
  }),
});

const TicketPageAnswer = PagePosition.extend({ data: z.array(TicketSummaryAnswer) });
const StateChange = z.object({ id: z.number().int(), state: State });

/**
 * `/api/tickets`: support tickets. Members open theirs, read the thread, reply (which reopens
 * it) and close it; staff (the moderate right) work the queue, answer and close.
 */
export const ticketsEndpoint = defineModeEndpoint({
  path: '/api/tickets',
  summary:
    'Support tickets: open one, read your tickets and their threads, reply and close; staff answer from the queue.',
  modes: {
    Create: {
      right: 'participate',
      summary:
        'Open a ticket: `category` (account, upload, playback, content, supporter, other), `subject` (at most 150 characters), `message` (at most 5000) and up to 3 `images` (data URLs of JPEG, PNG, GIF or WebP, each at most TICKET_IMAGE_MAX_BYTES). Five a member an hour.',
      input: CreateTicketInput,
      output: StateChange.extend({ ref: z.string() }),
      handle: async (input, context) => ({
        status: 201,
        body: await createTicket(ticketContextOf(context), input),
      }),
    },
    List: {
      right: 'participate',
      summary: 'Your tickets, the most recently active first, 18 a page.',
      input: TicketPageInput,
      output: TicketPageAnswer,
      handle: async ({ index }, context) => {
        const page = await listMyTickets(context, index);
        return {
          body: { data: page.data, count: page.count, index: page.index, hasMore: page.hasMore },
        };
      },
    },
    Load: {
      right: 'participate',
      summary: 'One of your tickets (`id`) with its thread, oldest post first.',
      input: TicketRef,
      output: TicketThreadAnswer,
      handle: async ({ id }, context) => ({
        body: {
          data: await loadTicket(context, requireMediaServices(context).storage, id),
        },
      }),
    },
    Reply: {
      right: 'participate',
      summary:
        'Reply in your ticket (`id`, `message`, up to 3 `images`): it opens again and waits for staff.',
      input: TicketReplyInput,
      output: StateChange,
      handle: async (input, context) => ({
        body: await replyToTicket(ticketContextOf(context), input),
      }),
    },
    Close: {
      right: 'participate',
      summary: 'Close your ticket (`id`).',
      input: TicketRef,
      output: StateChange,
      handle: async ({ id }, context) => ({
        body: await closeTicket(closeContextOf(context), id),
      }),
    },
    Queue: {
      right: 'moderate',
      summary:
        "Staff: the tickets in one `state` (open by default), the most recently active first, 18 a page, with each state's count.",
      input: TicketQueueInput,
      output: TicketPageAnswer.extend({
        state: State,
        counts: z.object({ open: z.number(), answered: z.number(), closed: z.number() }),
      }),
      handle: async ({ state, index }, context) => {
        const page = await listTicketQueue(context, { state, index });
        return {
          body: {
            data: page.data,
            count: page.count,
            index: page.index,
            hasMore: page.hasMore,
            state: page.state,
            counts: page.counts,
          },
        };
      },
    },
    StaffLoad: {
      right: 'moderate',
      summary: "Staff: any member's ticket (`id`) with its thread.",
      input: TicketRef,
      output: TicketThreadAnswer,
      handle: async ({ id }, context) => ({
        body: {
          data: await loadTicket(context, requireMediaServices(context).storage, id, {
            asStaff: true,
          }),
        },
      }),
    },
    Answer: {
      right: 'moderate',
      summary:
        'Staff: answer a ticket (`id`, `message`, up to 3 `images`); it becomes answered and the member is told (notification and e-mail).',
      input: TicketReplyInput,
      output: StateChange,
      handle: async (input, context) => ({
        body: await replyToTicket(ticketContextOf(context), input, {
          asStaff: true,
        }),
      }),
    },
    StaffClose: {
      right: 'moderate',
      summary: "Staff: close any member's ticket (`id`).",
      input: TicketRef,
      output: StateChange,
      handle: async ({ id }, context) => ({
        body: await closeTicket(closeContextOf(context), id, {
          asStaff: true,
        }),
      }),
    },
  },
});
