import type { Paper, SetupStatus } from '../../app/api/setup.js';
import type { SaveFileRequest } from '../../app/api/save-file.js';
import { h } from '../dom.js';
import { t } from '../i18n.js';
import type { WizardDeps } from './wizard-deps.js';

/**
 * The Electron window's "Save a copy" row under every wizard step: the marker PDF, the table
 * file and the camera file, each through the main process's save dialog and enabled once the
 * file exists. A browser has none (it opens the PDF's link and the files stay in the data folder).
 */
export function wizardSaves(deps: WizardDeps, status: SetupStatus | null, paper: Paper): HTMLElement | null {
  const save = deps.setup.save;
  if (!save || !status) return null;
  const button = (testid: string, label: Parameters<typeof t>[0], enabled: boolean, req: SaveFileRequest): HTMLElement =>
    h(
      'button',
      {
        'data-testid': testid,
        disabled: !enabled,
        onclick: async () => {
          const r = await save(req);
          if (!r.ok) deps.toast(r.problem);
          else if (r.path !== null) deps.toast(t('savedTo', { path: r.path }));
        },
      },
      t(label),
    );
  return h(
    'div',
    { class: 'row wz-saves', 'data-testid': 'wz-saves' },
    h('label', {}, t('wzSaveCopy')),
    button('wz-save-pdf', 'wzSavePdf', status.pdf[paper] !== null, { kind: 'markers-pdf', paper }),
    button('wz-save-table-file', 'wzSaveTableFile', status.print, { kind: 'table' }),
    button('wz-save-camera-file', 'wzSaveCameraFile', status.camera, { kind: 'camera' }),
  );
}
