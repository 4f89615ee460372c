import { drawBurnUp } from '../../cycles/burnup.js';
import type { CycleReports } from '../../cycles/report.js';
import { buildCycleReport, MAX_CYCLES, type Picture } from '../cycles/cycle-report.blocks.js';
import type { CommandContext } from './context.js';
import { inChannel, type Reply } from './reply.js';

/**
 * `/plane cycle <PROJECT>`: the report, in the channel, with one burn-up picture per cycle shown,
 * drawn and uploaded here (once per report). A picture that cannot be made or uploaded leaves its
 * cycle's counts and says why; the report still goes out.
 */
export async function executeCycleCommand(
  project: string,
  context: CommandContext,
  cycles: CycleReports,
  now = new Date(),
): Promise<Reply> {
  const { t } = context;
  const report = await cycles.report(project, now);
  const pictures = new Map<string, Picture>();
  if (report.kind === 'current') {
    for (const cycle of report.cycles.slice(0, MAX_CYCLES)) {
      try {
        const png = drawBurnUp({ days: cycle.days, points: cycle.points });
        const fileId = await context.uploadPicture(png, {
          filename: `burn-up-${report.project.identifier.toLowerCase()}-${cycle.startDate}.png`,
          title: t.t('cycles.report.chartTitle'),
          altText: t
            .t('cycles.report.chartAlt', {
              name: cycle.name,
              start: cycle.startDate,
              end: cycle.endDate,
              completed: cycle.counts.completed,
              total: cycle.counts.total,
            })
            .slice(0, 1000),
        });
        pictures.set(cycle.id, { fileId });
      } catch (error) {
        pictures.set(cycle.id, { failed: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  return inChannel(buildCycleReport(report, t, pictures));
}
