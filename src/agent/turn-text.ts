/**
 * Forwards a turn's text to the front end as the model writes it, once. A turn asked again (its
 * tool call was cut off at the length limit) is written anew by the model, but what its first
 * attempt showed cannot be taken back from a stream: the new attempt shows only what goes beyond
 * it. Where the new attempt says something else, the shown text stays and the new one follows in a
 * paragraph of its own, so nothing is shown twice and nothing is lost.
 */
export class TurnText {
  /** What the front end has of this turn. */
  private shown = '';
  /** What the model wrote in this attempt so far. */
  private attempt = '';
  private diverged = false;

  constructor(private readonly forward?: (delta: string) => void) {}

  write(delta: string): void {
    if (!this.forward) return;
    const before = this.attempt.length;
    this.attempt += delta;
    if (this.diverged) return this.emit(delta);
    // Still within what an earlier attempt showed.
    if (this.shown.startsWith(this.attempt)) return;
    if (this.attempt.startsWith(this.shown)) return this.emit(this.attempt.slice(Math.max(before, this.shown.length)));
    this.diverged = true;
    this.emit(`\n\n${this.attempt}`);
  }

  /** The same turn is asked again: what was shown stays shown. */
  retry(): void {
    this.attempt = '';
    this.diverged = false;
  }

  /** The turn was kept (or ended the run): the next request's text is a new turn's. */
  next(): void {
    // An attempt asked again that wrote no text keeps the first one's: the front end learns of no
    // text for the turn, so the paragraph is ended here, not run into the next turn's.
    if (this.forward && this.shown !== '' && this.attempt === '') this.forward('\n\n');
    this.shown = '';
    this.retry();
  }

  private emit(text: string): void {
    this.shown += text;
    this.forward!(text);
  }
}
