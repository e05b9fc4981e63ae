import type { Intent } from '../../app/api/intents.js';
import type { GameView } from '../../app/api/view.js';
import type { SetupClient } from '../setup-client.js';

/** What the wizard's steps need from the page: the app API and a few of the page's own helpers. */
export interface WizardDeps {
  setup: SetupClient;
  send(intent: Intent): void;
  view(): GameView | null;
  cameraFiles(): Promise<{ profile: unknown; camera: unknown } | null>;
  openCvUrl(): string;
  toast(text: string): void;
  close(): void;
}
