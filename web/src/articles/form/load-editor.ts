/**
 * Editor.js and its tools, fetched only when a rich-text field mounts: the login page and the lists never load
 * them. One promise for the whole session, so several sections share one download.
 */
import type EditorJS from '@editorjs/editorjs';
import type { EditorConfig, ToolConstructable, ToolSettings } from '@editorjs/editorjs';
import { EDITOR_BLOCK_TYPES } from '../../../../shared/schemas/article-body';
import { EDITOR_IMAGE_UPLOAD_FAILED, uploadEditorImage } from '../../upload/editor-image';

export interface EditorKit {
  EditorJS: typeof EditorJS;
  tools: NonNullable<EditorConfig['tools']>;
}

let loading: Promise<EditorKit> | undefined;

export function loadEditorKit(): Promise<EditorKit> {
  loading ??= (async () => {
    const [editor, header, list, quote, delimiter, image] = await Promise.all([
      import('@editorjs/editorjs'),
      import('@editorjs/header'),
      import('@editorjs/list'),
      import('@editorjs/quote'),
      import('@editorjs/delimiter'),
      import('@editorjs/image'),
    ]);
    const List = list.default as unknown as ToolConstructable & {
      toolbox: { data?: { style?: string } }[] | { data?: { style?: string } };
    };
    const listToolbox = Array.isArray(List.toolbox) ? List.toolbox : [List.toolbox];

    const tools: Record<string, ToolConstructable | ToolSettings> = {
      header: {
        class: header.default as unknown as ToolConstructable,
        inlineToolbar: true,
        config: { levels: [2, 3, 4], defaultLevel: 2, placeholder: 'Heading' },
      },
      list: {
        class: List,
        inlineToolbar: true,
        // The site shows bulleted and numbered lists; a checklist is not something readers can tick.
        toolbox: listToolbox.filter((entry) => entry.data?.style !== 'checklist'),
        config: { defaultStyle: 'unordered' },
      },
      quote: {
        class: quote.default as unknown as ToolConstructable,
        inlineToolbar: true,
        config: { quotePlaceholder: 'Quote', captionPlaceholder: 'Who said it' },
      },
      delimiter: delimiter.default as unknown as ToolConstructable,
      image: {
        class: image.default as unknown as ToolConstructable,
        config: {
          captionPlaceholder: 'Caption',
          features: { border: false, background: false, stretch: false, caption: 'optional' },
          uploader: {
            uploadByFile: (file: File) => afterPreview(file, uploadEditorImage([file])),
            // Links to images elsewhere are not stored: every image in an article is a verified upload.
            uploadByUrl: () => Promise.reject(new Error(EDITOR_IMAGE_UPLOAD_FAILED)),
          },
        },
      },
    };
    // Only the block types the schema accepts (paragraph is Editor.js's built-in default).
    for (const name of Object.keys(tools)) {
      if (!(EDITOR_BLOCK_TYPES as readonly string[]).includes(name)) delete tools[name];
    }
    return { EditorJS: editor.default, tools };
  })();
  loading.catch(() => {
    // A failed download (offline) may be retried by the next editor that mounts.
    loading = undefined;
  });
  return loading;
}

/**
 * The image tool shows a local preview once its FileReader is done, and clears it when the upload settles. A
 * refusal that comes first (a wrong type is refused at once) would leave the preview spinning: settle only
 * after the file has been read too.
 */
function afterPreview<T>(file: File, upload: Promise<T>): Promise<T> {
  const read = new Promise<void>((resolve) => {
    const reader = new FileReader();
    reader.onloadend = () => setTimeout(resolve, 0);
    reader.readAsDataURL(file);
  });
  return Promise.allSettled([upload, read]).then(() => upload);
}

/** The image tool's own failure text, replaced by CONTRACT.md §5's message. */
export const EDITOR_I18N: EditorConfig['i18n'] = {
  messages: {
    tools: {
      image: {
        'Couldn’t upload image. Please try another.': EDITOR_IMAGE_UPLOAD_FAILED,
      },
    },
  },
};
