import { z } from 'zod';
import { PRIORITIES, STATE_GROUPS } from '../../plane/types.js';

/** The input pieces the Plane tools share. */

export const slug = z
  .string()
  .trim()
  .min(1)
  .optional()
  .describe('Workspace slug (as in Plane URLs); may be omitted when a default workspace is configured');

export const key = z.string().trim().min(1).describe('Work item key, such as ACME-130');

export const project = z.string().trim().min(1).describe('Project identifier (ACME), name or id');

export const stateGroups = z
  .array(z.enum(STATE_GROUPS))
  .min(1)
  .describe('State groups to include: backlog, unstarted, started, completed, cancelled');

export const priority = z.enum(PRIORITIES).describe('urgent, high, medium, low or none');

export const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'is not a real date',
  )
  .describe('A date as YYYY-MM-DD');

export const members = z
  .array(z.string().trim().min(1))
  .describe('Members by "me", e-mail, display name, full name or id; [] means nobody');

export const labels = z.array(z.string().trim().min(1)).describe('Label names of the project; [] means none');

export const title = z.string().trim().min(1).max(255).describe('The title (at most 255 characters)');

export const description = z.string().describe('Plain text; every line becomes a paragraph. Replaces the whole description');

export const limit = (fallback: number) =>
  z.number().int().min(1).max(200).default(fallback).describe(`At most this many items (1–200, default ${fallback})`);
