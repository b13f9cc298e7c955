/** The loopback-only /__admin routes: fault rules, account suspension and upload accounting, authorised by the account key. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { SandboxContext } from './context.js';
import type { FaultRegistry, FaultRuleInput } from './faults.js';
import { BodyError, canAnswer, header, readJson, sendEmpty, sendJson } from './http.js';
import type { ContainersArea } from './apps/index.js';
import type { VideoArea } from './videos/index.js';
import { handleInjectAdmin } from './logs/inject.js';

/** What the admin routes read from the video area. */
export type AdminVideo = Pick<VideoArea, 'inspect' | 'uploadStats' | 'resetUploadStats'>;

const VIDEO_PATH = /^\/videos\/(\d+)\/([^/]+)\/?$/;

const suspendSchema = z.object({ suspended: z.boolean() });

/** One container app's suspension: deploy, undeploy and restart then answer 409 "Application is suspended". */
const APP_SUSPEND_PATH = /^\/mc\/apps\/([^/]+)\/suspend\/?$/;

/** The largest admin request body: a rule with the largest allowed status body fits with room to spare. */
const ADMIN_BODY_LIMIT = 128 * 1024;

/** True for 127.0.0.0/8 and ::1, also in their IPv4-mapped IPv6 forms. */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

function fail(res: ServerResponse, status: number, message: string): true {
  sendJson(res, status, { error: message });
  return true;
}

/** Handles a request under /__admin; `path` has that prefix removed. */
export async function handleAdmin(
  ctx: SandboxContext,
  faults: FaultRegistry,
  video: AdminVideo,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  apps?: Pick<ContainersArea, 'setAppSuspended'>,
): Promise<boolean> {
  if (!isLoopback(req.socket?.remoteAddress)) return fail(res, 403, 'The admin routes answer loopback clients only');
  if (header(req, 'AccessKey') !== ctx.seed.accountKey) return fail(res, 401, 'AccessKey must be the account key');
  const method = req.method ?? 'GET';
  try {
    if (path === '/faults') {
      if (method === 'GET') {
        sendJson(res, 200, { rules: faults.list() });
        return true;
      }
      if (method === 'DELETE') {
        faults.reset();
        sendEmpty(res, 204);
        return true;
      }
      if (method === 'POST') {
        const body = await readJson(req, ADMIN_BODY_LIMIT);
        try {
          // add() validates the rule itself; the cast only satisfies the signature.
          sendJson(res, 201, { id: faults.add(body as FaultRuleInput) });
        } catch (e) {
          return fail(res, 400, e instanceof z.ZodError ? z.prettifyError(e) : 'Invalid rule');
        }
        return true;
      }
      return fail(res, 405, `${method} is not allowed on /__admin/faults`);
    }
    if (path === '/uploads') {
      if (method === 'GET') {
        sendJson(res, 200, video.uploadStats());
        return true;
      }
      if (method === 'DELETE') {
        video.resetUploadStats();
        sendEmpty(res, 204);
        return true;
      }
      return fail(res, 405, `${method} is not allowed on /__admin/uploads`);
    }
    const videoPath = VIDEO_PATH.exec(path);
    if (videoPath) {
      if (method !== 'GET') return fail(res, 405, `${method} is not allowed on /__admin/videos`);
      const seen = video.inspect(Number(videoPath[1]), videoPath[2] ?? '');
      if (!seen) return fail(res, 404, 'No such video in that library');
      // The file's place on disk is the sandbox's own business; in-process callers get it from inspect().
      const { path: _path, ...rest } = seen;
      sendJson(res, 200, rest);
      return true;
    }
    if (path === '/suspend') {
      if (method !== 'POST') return fail(res, 405, `${method} is not allowed on /__admin/suspend`);
      const parsed = suspendSchema.safeParse(await readJson(req, ADMIN_BODY_LIMIT));
      if (!parsed.success) return fail(res, 400, 'Body must be {"suspended": boolean}');
      ctx.accountSuspended = parsed.data.suspended;
      sendJson(res, 200, { suspended: ctx.accountSuspended });
      return true;
    }
    const appPath = APP_SUSPEND_PATH.exec(path);
    if (appPath && apps) {
      if (method !== 'POST') return fail(res, 405, `${method} is not allowed on /__admin/mc/apps/{appId}/suspend`);
      const parsed = suspendSchema.safeParse(await readJson(req, ADMIN_BODY_LIMIT));
      if (!parsed.success) return fail(res, 400, 'Body must be {"suspended": boolean}');
      let id: string;
      try {
        id = decodeURIComponent(appPath[1] ?? '');
      } catch {
        return fail(res, 400, 'The app id is not a valid path segment');
      }
      if (!apps.setAppSuspended(id, parsed.data.suspended)) return fail(res, 404, 'No such application');
      sendJson(res, 200, { id, suspended: parsed.data.suspended });
      return true;
    }
    if (path === '/logs/inject') return await handleInjectAdmin(ctx, req, res);
  } catch (e) {
    if (!(e instanceof BodyError)) throw e;
    if (canAnswer(res)) fail(res, e.status, e.message);
    return true;
  }
  return false;
}
