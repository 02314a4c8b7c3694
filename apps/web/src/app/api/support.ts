import type { SupportRequestResponse, SupportTopic } from '@atelier/contract';
import { api } from './base';

/** The /support contact form (POST /support/requests, multipart). */
export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendSupportRequest: build.mutation<SupportRequestResponse, { topic: SupportTopic; message: string; attachment: File | null }>({
      query: ({ topic, message, attachment }) => {
        const form = new FormData();
        form.append('topic', topic);
        form.append('message', message);
        if (attachment) form.append('attachment', attachment);
        return { url: '/support/requests', method: 'POST', body: form };
      },
    }),
  }),
});

export const { useSendSupportRequestMutation } = supportApi;
