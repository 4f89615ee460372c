import { api } from './api.js';
import { intakePanelHtml } from './chrome-view.js';

/**
 * The demo Plane's Intake as its admin sees it (a panel in the sidebar: Accept, Decline), and the
 * 🎫 button under a message. Reads and draws through what the page gives it.
 * @param {{ page: { info?: { intake?: boolean }, channel: string, viewer: string }, panel: HTMLElement, toast: (text: string) => void }} where
 */
export function createIntakePanel({ page, panel, toast }) {
  let intakeTimer;

  function refreshIntakeSoon() {
    if (!page.info?.intake) return;
    clearTimeout(intakeTimer);
    intakeTimer = setTimeout(() => void loadIntake(), 300);
  }

  async function loadIntake() {
    if (!page.info?.intake) return;
    try {
      const { requests } = await api.intake();
      panel.innerHTML = intakePanelHtml(requests);
      panel.hidden = false;
    } catch (error) {
      toast(`Could not read the demo Plane's Intake: ${error.message}`);
    }
  }

  async function decideIntake(button) {
    button.disabled = true;
    try {
      await api.decideIntake(button.dataset.key, button.dataset.decision);
    } catch (error) {
      toast(`Could not ${button.dataset.decision} ${button.dataset.key}: ${error.message}`);
    }
    await loadIntake();
  }

  async function react(button) {
    const message = button.closest('[data-testid="message"]');
    try {
      await api.react(page.channel, page.viewer, message.dataset.ts, button.dataset.name);
    } catch (error) {
      toast(`Could not add :${button.dataset.name}:: ${error.message}`);
    }
  }

  return { refreshIntakeSoon, loadIntake, decideIntake, react };
}
