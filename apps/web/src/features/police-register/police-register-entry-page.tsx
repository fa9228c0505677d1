import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type PoliceRegisterCorrectionInput,
  PoliceRegisterCorrectionRequest,
  type PoliceRegisterEntryResponse,
} from '@reprise/shared';
import { IconBook2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { Facts } from '../../ui/facts';
import { showSaveError } from '../../ui/form-feedback';
import { zodValidator } from '../../ui/forms';
import { PageLoader } from '../../ui/page-loader';
import { Section } from '../../ui/section';
import { useCorrectPoliceRegisterEntry, usePoliceRegisterEntry } from './police-register.queries';

const SELLER_FIELDS = ['lastName', 'firstName', 'street', 'zip', 'city'] as const;
const OBJECT_FIELDS = ['productName', 'imei', 'serialNumber', 'state'] as const;

interface CorrectionValues {
  reason: string;
  seller: Record<(typeof SELLER_FIELDS)[number], string>;
  object: Record<(typeof OBJECT_FIELDS)[number], string>;
}

/** What the form sends: the reason and only the fields changed from the entry. */
function toRequest(
  values: CorrectionValues,
  entry: PoliceRegisterEntryResponse,
): PoliceRegisterCorrectionInput {
  const changed = <K extends string>(now: Record<K, string>, was: Record<K, string | null>) =>
    Object.fromEntries(Object.entries<string>(now).filter(([k, v]) => v.trim() !== (was[k as K] ?? '')));
  const seller = changed(values.seller, entry.seller);
  const object = changed(values.object, entry.object);
  return {
    reason: values.reason,
    ...(Object.keys(seller).length ? { seller } : {}),
    ...(Object.keys(object).length ? { object } : {}),
  };
}

const validate = zodValidator<PoliceRegisterCorrectionInput>(PoliceRegisterCorrectionRequest);

function CorrectionForm({
  entry,
  onDone,
}: {
  entry: PoliceRegisterEntryResponse;
  onDone: (created: { id: string; number: number }) => void;
}) {
  const { t } = useTranslation('policeRegister');
  const correct = useCorrectPoliceRegisterEntry(entry.id);
  const form = useForm<CorrectionValues>({
    initialValues: {
      reason: '',
      seller: Object.fromEntries(
        SELLER_FIELDS.map((k) => [k, entry.seller[k] ?? '']),
      ) as CorrectionValues['seller'],
      object: Object.fromEntries(
        OBJECT_FIELDS.map((k) => [k, entry.object[k] ?? '']),
      ) as CorrectionValues['object'],
    },
    validate: (values) => validate(toRequest(values, entry)),
  });
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        correct.mutate(toRequest(values, entry), {
          onSuccess: (created) => onDone({ id: created.id, number: created.number }),
          onError: (error) => showSaveError(form, error),
        }),
      )}
      noValidate
      data-testid="register-correction-form"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('correction.intro')}
        </Text>
        <Textarea
          label={t('correction.reason')}
          required
          autosize
          minRows={2}
          {...form.getInputProps('reason')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {SELLER_FIELDS.map((k) => (
            <TextInput key={k} label={t(`fields.${k}`)} {...form.getInputProps(`seller.${k}`)} />
          ))}
          {OBJECT_FIELDS.map((k) => (
            <TextInput key={k} label={t(`fields.${k}`)} {...form.getInputProps(`object.${k}`)} />
          ))}
        </SimpleGrid>
        {form.errors.root && <Alert color="red">{form.errors.root}</Alert>}
        <Group>
          <Button type="submit" loading={correct.isPending}>
            {t('correction.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/police-register/entries/:id`: an entry as the register holds it, its corrections, and the correction form. */
export function PoliceRegisterEntryPage() {
  const { t } = useTranslation('policeRegister');
  const { id = '' } = useParams();
  const entry = usePoliceRegisterEntry(id);
  const { can } = useSession();
  const { dateTime, date, locale } = useFormatters();
  const [created, setCreated] = useState<{ id: string; number: number } | null>(null);
  const e = entry.data;
  usePageHeader({
    title: e ? t('entry.title', { number: e.number }) : t('list.title'),
    icon: IconBook2,
    breadcrumbs: [
      { label: t('breadcrumb') },
      { label: t('list.title'), to: '/police-register' },
      { label: e ? `${e.number}` : '' },
    ],
  });
  if (!e) return <PageLoader />;
  const doc = e.seller.identityDocument;
  const link = (target: { id: string; number: number }) => (
    <Anchor key={target.id} component={Link} to={`/police-register/entries/${target.id}`}>
      {t('entry.numberLink', { number: target.number })}
    </Anchor>
  );
  return (
    <Stack gap="md">
      {created && (
        <Alert color="green" role="status" data-testid="register-correction-created">
          {t('correction.created')} {link(created)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Section title={t('entry.register')}>
          <Facts
            data-testid="register-entry-facts"
            rows={[
              [t('columns.number'), e.number],
              [t('columns.date'), dateTime(e.acquiredAt)],
              [t('entry.buyback'), e.buybackNumber],
              [t('entry.item'), e.itemNumber],
              [t('entry.corrects'), e.corrects ? link(e.corrects) : null],
              [t('correction.reason'), e.correctionReason],
              [
                t('entry.correctedBy'),
                e.correctedBy.length ? (
                  <Group key="corrections" gap="xs">
                    {e.correctedBy.map(link)}
                  </Group>
                ) : null,
              ],
            ]}
          />
        </Section>
        <Section title={t('columns.seller')}>
          <Facts
            rows={[
              [t('fields.lastName'), e.seller.lastName],
              [t('fields.firstName'), e.seller.firstName],
              [
                t('entry.address'),
                [e.seller.street, e.seller.streetMore, `${e.seller.zip} ${e.seller.city}`, e.seller.country]
                  .filter(Boolean)
                  .join(', '),
              ],
              [t('entry.document'), [doc.type, doc.number].filter(Boolean).join(' ') || null],
              [t('entry.documentAuthority'), doc.issuingAuthority],
              [t('entry.documentDate'), doc.deliveryDate ? date(doc.deliveryDate) : null],
            ]}
          />
        </Section>
        <Section title={t('columns.object')}>
          <Facts
            rows={[
              [
                t('fields.productName'),
                [e.object.brand, e.object.productName, e.object.model].filter(Boolean).join(' '),
              ],
              [t('fields.imei'), e.object.imei],
              [t('fields.serialNumber'), e.object.serialNumber],
              [t('fields.state'), e.object.state],
              [
                t('columns.price'),
                new Intl.NumberFormat(locale, { style: 'currency', currency: e.currency }).format(
                  e.priceCents / 100,
                ),
              ],
              [t('columns.payment'), e.paymentModeLabel],
              [
                t('columns.deviceCheck'),
                e.deviceCheck ? t(`deviceCheck.${e.deviceCheck}`) : t('deviceCheck.none'),
              ],
              [
                t('entry.hash'),
                <Text key="hash" size="xs" ff="monospace">
                  {e.hash}
                </Text>,
              ],
            ]}
          />
        </Section>
      </SimpleGrid>
      {can('police_register.correct') && (
        <Section title={t('correction.title')}>
          <CorrectionForm key={e.id} entry={e} onDone={setCreated} />
        </Section>
      )}
    </Stack>
  );
}
