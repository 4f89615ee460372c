import { randomUUID } from 'node:crypto';
import { type BaseContext, type Handler, ok } from '../context.js';

const INSTANCE_ID = randomUUID();
const STARTED = new Date().toISOString();

/**
 * GET /api/instances/ — no auth (step 1 of the detection in docs/plane.md). The keys CE v1.3.1 answers;
 * `current_version` is the bare release ("1.3.1", no "v"), as the real one says.
 */
export const getInstance: Handler<BaseContext> = (context) =>
  ok({
    config: {
      enable_signup: false,
      is_workspace_creation_disabled: false,
      is_google_enabled: false,
      is_github_enabled: false,
      is_gitlab_enabled: false,
      is_gitea_enabled: false,
      is_magic_login_enabled: false,
      is_email_password_enabled: true,
      github_app_name: '',
      slack_client_id: null,
      posthog_api_key: null,
      posthog_host: null,
      has_unsplash_configured: false,
      has_llm_configured: false,
      file_size_limit: 5242880,
      is_smtp_configured: false,
      admin_base_url: null,
      space_base_url: null,
      app_base_url: null,
      instance_changelog_url: '',
      is_self_managed: true,
    },
    instance: {
      id: INSTANCE_ID,
      created_at: STARTED,
      updated_at: STARTED,
      deleted_at: null,
      instance_name: 'Plane (fake)',
      whitelist_emails: null,
      instance_id: INSTANCE_ID.replace(/-/g, '').slice(0, 24),
      current_version: context.flavour.version,
      latest_version: context.flavour.version,
      edition: 'PLANE_COMMUNITY',
      domain: '',
      last_checked_at: STARTED,
      namespace: null,
      is_telemetry_enabled: false,
      is_support_required: false,
      is_setup_done: true,
      is_signup_screen_visited: true,
      is_verified: false,
      is_test: false,
      is_current_version_deprecated: false,
      created_by: null,
      updated_by: null,
      workspaces_exist: context.db.workspaces.size > 0,
    },
  });
