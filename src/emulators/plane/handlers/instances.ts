import { randomUUID } from 'node:crypto';
import { type BaseContext, type Handler, ok } from '../context.js';

const INSTANCE_ID = randomUUID();

/**
 * GET /api/instances/ — no auth (step 1 of the detection in docs/plane.md). Only `instance.current_version`
 * ("v" + release) and `instance.edition` are documented; the other keys are plausible filler.
 */
export const getInstance: Handler<BaseContext> = (context) =>
  ok({
    config: {
      enable_signup: false,
      is_google_enabled: false,
      is_github_enabled: false,
      is_gitlab_enabled: false,
      is_magic_login_enabled: false,
      is_email_password_enabled: true,
      is_smtp_configured: false,
      has_unsplash_configured: false,
      has_llm_configured: false,
      file_size_limit: 5242880,
      app_base_url: null,
      admin_base_url: null,
      space_base_url: null,
    },
    instance: {
      id: INSTANCE_ID,
      instance_name: 'Plane (fake)',
      current_version: `v${context.flavour.version}`,
      latest_version: `v${context.flavour.version}`,
      edition: 'PLANE_COMMUNITY',
      domain: '',
      is_telemetry_enabled: false,
      is_support_required: false,
      is_setup_done: true,
      is_signup_screen_visited: true,
      is_verified: false,
      workspaces_exist: context.db.workspaces.size > 0,
    },
  });
