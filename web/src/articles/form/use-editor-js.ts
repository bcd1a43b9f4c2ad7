import type EditorJS from '@editorjs/editorjs';
import type { OutputData } from '@editorjs/editorjs';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { sanitizeEditorData } from '../../../../shared/rich-text';
import type { EditorData } from '../../../../shared/schemas/article-body';
import { useFlushRegistration } from '../../common/form-flush';
import { bodyImageSrcset } from '../../media-library/responsive';
import { EDITOR_I18N, loadEditorKit } from './load-editor';

/** CONTRACT.md §9: the editor takes input only after a 1 second delay. */
export const EDITOR_START_DELAY_MS = 1000;

/** The editor's column: the whole window on a phone, about 760 px beside the side column. */
const EDITOR_IMAGE_SIZES = '(max-width: 760px) 100vw, 760px';

/** What a value is compared by: an outside change (an import) differs from what the editor last reported. */
const fingerprint = (data: EditorData | undefined) => JSON.stringify(data?.blocks ?? []);

/**
 * What Editor.js is given: cleaned with the API's own allow-list first, whatever its origin (the stored article,
 * an import, a conflict's Reload), because Editor.js puts each block's HTML into the page as it is.
 */
const toEditorData = (data: EditorData): OutputData => {
  const clean = sanitizeEditorData(data);
  return { time: clean.time, version: clean.version, blocks: clean.blocks };
};

/** What Editor.js saved, in the stored shape (only the fields the schemas know, HTML cleaned). */
const fromEditorData = (data: OutputData): EditorData => sanitizeEditorData(data);

interface EditorJsOptions {
  value: EditorData;
  onChange: (data: EditorData) => void;
  readOnly: boolean;
  placeholder: string;
}

/**
 * Editor.js in a container: created once the kit loads, writable after the start delay (unless read-only), its
 * saved data reported through onChange, an outside change of `value` rendered, and what was typed last collected
 * before a save.
 */
export function useEditorJs({ value, onChange, readOnly, placeholder }: EditorJsOptions) {
  const containerRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<EditorJS | null>(null);
  const [delayPassed, setDelayPassed] = useState(false);
  // The content the editor shows, as last reported or rendered, to tell outside changes from our own.
  const shown = useRef(fingerprint(value));
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const flushScope = useFlushRegistration();

  // Keystrokes reach onChange after Editor.js's short batching delay: remember there are some on their way.
  const typed = useRef(false);

  const report = async (editor: EditorJS) => {
    typed.current = false;
    const data = fromEditorData(await editor.save());
    const print = fingerprint(data);
    if (print === shown.current) return;
    shown.current = print;
    latest.current.onChange(data);
  };
  const reportRef = useRef(report);
  reportRef.current = report;
  const { ready, loadFailed } = useEditorInstance({
    containerRef,
    editorRef,
    placeholder,
    latest,
    shown,
    typed,
    reportRef,
  });

  useEffect(() => {
    const timer = window.setTimeout(() => setDelayPassed(true), EDITOR_START_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const enabled = ready && delayPassed && !readOnly;
  useEffect(() => {
    const editor = editorRef.current;
    if (!ready || !editor) return;
    if (editor.readOnly.isEnabled === !enabled) return;
    void editor.readOnly.toggle(!enabled).catch(() => undefined);
  }, [ready, enabled]);

  // An outside change (import, Reload after a conflict) replaces what the editor shows.
  useEffect(() => {
    const editor = editorRef.current;
    if (!ready || !editor) return;
    const print = fingerprint(value);
    if (print === shown.current) return;
    shown.current = print;
    void editor.render(toEditorData(value)).catch(() => undefined);
  }, [ready, value]);

  // Editor.js's image tool draws its picture with no alt text, at the address of the whole file: name it by its
  // caption (as the site's renderer does), so a screen reader in the editor hears what the picture is rather than
  // its address, and draw an uploaded one from its renditions (a srcset for the editor's column), not a photo of
  // megabytes. The picture is marked `data-mutation-free`, Editor.js's own sign that a change there is not the
  // author's: neither marks the article changed, and the block keeps only its address.
  useEffect(() => {
    const container = containerRef.current;
    if (!ready || !container) return;
    const name = () => {
      for (const img of container.querySelectorAll<HTMLImageElement>('.image-tool__image-picture')) {
        const caption = img.closest('.image-tool')?.querySelector('.image-tool__caption')?.textContent?.trim() ?? '';
        const alt = caption || 'Image in the text';
        const srcset = bodyImageSrcset(img.getAttribute('src') ?? '');
        if (img.alt === alt && (!srcset || img.getAttribute('srcset') === srcset)) continue;
        img.dataset.mutationFree = 'true';
        img.alt = alt;
        if (srcset) {
          img.sizes = EDITOR_IMAGE_SIZES;
          img.srcset = srcset;
        }
      }
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [ready]);

  // Let the save cycle collect what was typed in the last moment before the button press.
  useEffect(() => {
    if (!flushScope || !ready) return;
    return flushScope.register(async (all) => {
      const editor = editorRef.current;
      if (editor && !editor.readOnly.isEnabled && (all || typed.current)) await reportRef.current(editor);
    });
  }, [flushScope, ready]);

  /** A picture from the library, as an image block after the block being edited (else at the end). */
  const insertImage = (url: string, caption: string) => {
    const editor = editorRef.current;
    if (!editor || !enabled) return;
    const at = editor.blocks.getCurrentBlockIndex();
    editor.blocks.insert('image', { file: { url }, caption }, undefined, at >= 0 ? at + 1 : undefined, true);
    void reportRef.current(editor);
  };

  const waiting = !loadFailed && (!ready || (!delayPassed && !readOnly));
  return { containerRef, ready, enabled, waiting, loadFailed, insertImage };
}

interface EditorInstanceOptions {
  containerRef: RefObject<HTMLDivElement | null>;
  editorRef: RefObject<EditorJS | null>;
  placeholder: string;
  latest: RefObject<{ value: EditorData }>;
  shown: RefObject<string>;
  typed: RefObject<boolean>;
  reportRef: RefObject<(editor: EditorJS) => Promise<void>>;
}

/** Creates the Editor.js instance in its own holder, read-only at first, and destroys it with the field. */
function useEditorInstance({
  containerRef,
  editorRef,
  placeholder,
  latest,
  shown,
  typed,
  reportRef,
}: EditorInstanceOptions) {
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);

  // Create once; React's StrictMode double mount gets two holders, the first destroyed when ready.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const holder = document.createElement('div');
    container.appendChild(holder);
    const markTyped = () => {
      typed.current = true;
    };
    for (const type of ['input', 'paste', 'drop', 'cut']) holder.addEventListener(type, markTyped, true);
    let cancelled = false;
    let instance: EditorJS | null = null;

    loadEditorKit()
      .then(async ({ EditorJS: Editor, tools }) => {
        if (cancelled) return;
        const initial = latest.current.value;
        shown.current = fingerprint(initial);
        instance = new Editor({
          holder,
          tools,
          data: toEditorData(initial),
          readOnly: true,
          // Room below the last block to click into; the frame itself carries the min height of CONTRACT.md §9.
          minHeight: 24,
          placeholder,
          i18n: EDITOR_I18N,
          // Editor.js passes its API object here, which saves through `saver`; the instance saves directly.
          onChange: () => {
            if (instance) void reportRef.current(instance).catch(() => undefined);
          },
        });
        await instance.isReady;
        if (cancelled) return;
        editorRef.current = instance;
        setReady(true);
      })
      .catch(() => {
        if (!cancelled) setLoadFailed(true);
      });

    return () => {
      cancelled = true;
      editorRef.current = null;
      setReady(false);
      const created = instance;
      if (created) {
        created.isReady
          .then(() => created.destroy())
          .catch(() => undefined)
          .finally(() => holder.remove());
      } else {
        holder.remove();
      }
    };
    // The refs are stable; only a new placeholder makes a new editor.
  }, [placeholder, containerRef, editorRef, latest, shown, typed, reportRef]);

  return { ready, loadFailed };
}
