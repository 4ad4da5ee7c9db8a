import { z } from 'zod';
import { defineCall } from '../call.js';

export const area = z.object({ id: z.number().int(), name: z.string(), global_code: z.string() });
export type Area = z.infer<typeof area>;

export const defaultCalls = {
  areaList: defineCall({
    method: 'GET',
    path: 'default/area_list',
    auth: 'public',
    tag: 'default',
    summary: 'Countries and regions with their calling codes',
    request: z.object({}),
    response: z.array(area),
  }),
  setting: defineCall({
    method: 'GET',
    path: 'default/setting',
    auth: 'public',
    tag: 'default',
    summary: 'The value of one public setting (login_use_sms, contact_mobile, contact_email, …)',
    request: z.object({ key: z.string().trim().min(1).max(64) }),
    response: z.string(),
  }),
};
