import { Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { WEBHOOK } from '../../../../shared/constants';
import { CONTENT_EVENT_LABELS, CONTENT_EVENTS, type ContentEventName } from '../../../../shared/content-events';
import { CharCount, counted } from '../../common/form/CharCount';
import type { WebhookFormProblems, WebhookFormValues } from './webhook-form';

interface WebhookFieldsProps {
  values: WebhookFormValues;
  problems: WebhookFormProblems;
  onChange: (values: WebhookFormValues) => void;
}

/** Name, address and events of a webhook, each with its problem under it. */
export function WebhookFields({ values, problems, onChange }: WebhookFieldsProps) {
  return (
    <Stack gap="md">
      <TextInput
        label="Webhook name"
        withAsterisk
        data-autofocus
        value={values.name}
        maxLength={WEBHOOK.nameMax}
        error={problems.name}
        onChange={(event) => onChange({ ...values, name: event.currentTarget.value })}
        {...counted(<CharCount value={values.name} max={WEBHOOK.nameMax} />)}
      />
      <TextInput
        label="Address"
        description="Each delivery is POSTed here. It must be https, on the public internet."
        placeholder="https://reader.example.com/hooks/news"
        withAsterisk
        type="url"
        autoComplete="off"
        spellCheck={false}
        value={values.url}
        maxLength={WEBHOOK.urlMax}
        error={problems.url}
        onChange={(event) => onChange({ ...values, url: event.currentTarget.value })}
      />
      <Checkbox.Group
        label="Events"
        description="What the site should be told of"
        withAsterisk
        value={values.events}
        error={problems.events}
        onChange={(events) => onChange({ ...values, events: events as ContentEventName[] })}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
          {CONTENT_EVENTS.map((event) => (
            <Checkbox key={event} value={event} label={CONTENT_EVENT_LABELS[event]} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </Stack>
  );
}
