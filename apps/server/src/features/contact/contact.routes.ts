import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactBodySchema, contactReceivedSchema } from '@app/shared/contact';
import { errorBodySchema } from '@app/shared/errors';
import type { ContactService } from './contact.service.ts';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorBodySchema]));

/** The contact form (spec §2 "Contact", §5): public, origin-checked, rate limited per IP. */
export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  app.post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the Breeze team',
        description:
          'Stored, then mailed to SUPPORT_EMAIL with Reply-To set to the sender, and a copy to the sender. ' +
          'The answer is 201 once the message is stored, even when a mail could not be sent (it is logged). ' +
          'Full name, Email address, Subject and Message are required; name and subject must be one line. ' +
          '429 rate_limited with Retry-After past 10 messages an hour from one IP.',
        body: contactBodySchema,
        response: { 201: contactReceivedSchema, ...errors(400, 403, 415, 429) },
      },
    },
    async (req, reply) => reply.status(201).send(await contact.submit(req, req.body)),
  );
};
