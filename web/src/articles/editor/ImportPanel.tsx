import { Alert, Button, FileButton, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconFileTypeDocx, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { UPLOAD_LIMITS } from '../../../../shared/constants';
import type { EditorData, Section } from '../../../../shared/schemas/article-body';
import { errorMessage } from '../../common/errors';
import { shortFileName } from '../../common/files';
import { sizeText } from '../../upload/rules';
import { Uploader } from '../../upload/Uploader';
import uploader from '../../upload/Uploader.module.css';
import type { UploadedAsset } from '../../upload/upload-api';
import { importPdfText } from '../api';
import { docxToSections, paragraphsToEditorData } from './document-import';
import classes from './ImportPanel.module.css';

export interface ImportPanelProps {
  /** A Word document replaces all sections; resolves false when the user chose to keep theirs. */
  onSections: (sections: Section[]) => Promise<boolean>;
  /** A PDF's text fills the first section; resolves false when the user chose to keep theirs. */
  onFirstSection: (body: EditorData) => Promise<boolean>;
  disabled?: boolean;
}

type Outcome = { kind: 'done'; text: string } | { kind: 'failed'; text: string } | { kind: 'working'; text: string };

/** A document that was read: why it has nothing to import, or how its text goes in and what to say then. */
interface ReadDocument {
  empty: string | null;
  /** Resolves false when the user chose to keep their text. */
  apply: () => Promise<boolean>;
  done: string;
}

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * docx and pdf import (CONTRACT.md §2): a Word file is read in the browser; a PDF is uploaded and its text extracted.
 */
export function ImportPanel({ onSections, onFirstSection, disabled }: ImportPanelProps) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pdf, setPdf] = useState<UploadedAsset | null>(null);
  const working = outcome?.kind === 'working';

  const handOver = async ({ empty, apply, done }: ReadDocument) => {
    if (empty) setOutcome({ kind: 'failed', text: empty });
    else setOutcome((await apply()) ? { kind: 'done', text: done } : null);
  };

  const importDocx = async (name: string, read: () => Promise<ArrayBuffer>) => {
    setOutcome({ kind: 'working', text: `Reading ${shortFileName(name)}…` });
    try {
      const sections = await docxToSections(await read());
      const blocks = sections.reduce((n, s) => n + s.body.blocks.length, 0);
      await handOver({
        empty: blocks === 0 && sections.every((s) => !s.title) ? `${shortFileName(name)} has no text to import.` : null,
        apply: () => onSections(sections),
        done: `Imported ${sections.length} ${sections.length === 1 ? 'section' : 'sections'} from ${shortFileName(name)}.`,
      });
    } catch {
      setOutcome({ kind: 'failed', text: `${shortFileName(name)} could not be read as a Word (.docx) document.` });
    }
  };

  const pickDocx = (file: File | null) => {
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.docx')) {
      setOutcome({ kind: 'failed', text: `${shortFileName(file.name)} — Wrong file type: DOCX only` });
      return;
    }
    if (file.size > UPLOAD_LIMITS.pdf) {
      setOutcome({
        kind: 'failed',
        text: `${shortFileName(file.name)} — Too large: at most ${sizeText(UPLOAD_LIMITS.pdf)}`,
      });
      return;
    }
    void importDocx(file.name, () => file.arrayBuffer());
  };

  const uploaded = async (asset: UploadedAsset | null) => {
    setPdf(asset);
    if (!asset) return;
    const name = asset.name ?? 'the document';
    // The import purpose takes Word files too: one dropped here is read in the browser like the other.
    if (asset.name?.toLowerCase().endsWith('.docx')) {
      await importDocx(name, async () => {
        const response = await fetch(asset.url, { headers: { Accept: DOCX_TYPE } });
        if (!response.ok) throw new Error(`status ${response.status}`);
        return response.arrayBuffer();
      });
      return;
    }
    setOutcome({ kind: 'working', text: `Extracting the text of ${shortFileName(name)}…` });
    try {
      const { paragraphs } = await importPdfText(asset._id);
      const body = paragraphsToEditorData(paragraphs);
      await handOver({
        empty: body.blocks.length === 0 ? `${shortFileName(name)} has no text to import (is it a scan?).` : null,
        apply: () => onFirstSection(body),
        done: `Imported ${body.blocks.length} paragraphs from ${shortFileName(name)} into the first section.`,
      });
    } catch (error) {
      setOutcome({ kind: 'failed', text: errorMessage(error) });
    }
  };

  return (
    <Stack gap="sm">
      {/* One above the other: the panel sits in the editor's side column, too narrow for two drop zones. */}
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Word document
          </Text>
          <Text size="xs" c="dimmed">
            Headings 1–3 start new sections
          </Text>
          <Paper className={`${uploader.zone} ${classes.docx}`} mod={{ empty: true }} mt={4}>
            <FileButton onChange={pickDocx} accept={`.docx,${DOCX_TYPE}`} disabled={disabled || working}>
              {(props) => (
                <Button {...props} size="xs" variant="light" leftSection={<IconFileTypeDocx size={16} />}>
                  Import .docx
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed" mt={6}>
              Read in your browser · images are left out
            </Text>
          </Paper>
        </Stack>
        <Uploader
          purpose="import-document"
          label="PDF"
          value={pdf}
          onChange={(asset) => void uploaded(asset)}
          disabled={disabled || working}
          description="Its text goes into the first section"
        />
      </Stack>
      {outcome && (
        <Alert
          variant="light"
          color={outcome.kind === 'failed' ? 'red' : outcome.kind === 'done' ? 'green' : 'blue'}
          icon={outcome.kind === 'working' ? <Loader size={16} /> : <IconInfoCircle size={18} />}
          role={outcome.kind === 'failed' ? 'alert' : 'status'}
          py="xs"
          withCloseButton={!working}
          onClose={() => setOutcome(null)}
        >
          <Text size="sm">{outcome.text}</Text>
        </Alert>
      )}
    </Stack>
  );
}
