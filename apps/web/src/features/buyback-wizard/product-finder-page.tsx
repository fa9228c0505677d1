import { Alert, Anchor, Card, Tabs, Text } from '@mantine/core';
import type { ProductSearchHit } from '@reprise/shared';
import { IconBarcode, IconCategory, IconDeviceMobile, IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../app/session';
import { PageLoader } from '../../ui/page-loader';
import { cartLimitsOf, useBuybackSettings, useCart, WizardFrame } from '../cart';
import { useRootDetail } from '../settings';
import { FinderBarcode } from './finder-barcode';
import { FinderCategory } from './finder-category';
import { FinderImei } from './finder-imei';
import { FinderKeyword } from './finder-keyword';
import { diagPath } from './slug';
import { seedDraftImei } from './wizard-model';

const MODES = ['keyword', 'category', 'imei', 'barcode'] as const;
type Mode = (typeof MODES)[number];
const ICONS = { keyword: IconSearch, category: IconCategory, imei: IconDeviceMobile, barcode: IconBarcode };

/**
 * `/buyback/create`: the first step of the store wizard, finding the product by keyword, by
 * category (when the account's category navigation is on), by IMEI (with imei_search_and_collect)
 * or by barcode (when the account's bar code is on). The way chosen is kept in the address (`?by=`).
 */
export function ProductFinderPage() {
  const { t } = useTranslation('buybackWizard');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const settings = useBuybackSettings();
  const rootDetail = useRootDetail(user.currentOrganization.account.id);
  const cart = useCart();
  // Only the way open when the page was reached takes the focus: arrowing across tabs must not lose it.
  const [initialMode] = useState(() => params.get('by'));

  const choose = useCallback(
    (hit: ProductSearchHit, imei?: string) => {
      if (imei) seedDraftImei(hit.id, imei);
      navigate(diagPath(hit.id, hit.name));
    },
    [navigate],
  );

  if (!settings.data || !rootDetail.data)
    return (
      <WizardFrame title={t('finder.title')}>
        <PageLoader />
      </WizardFrame>
    );

  const available = MODES.filter(
    (mode) =>
      (mode !== 'category' || rootDetail.data.categoryNavigationEnabled) &&
      (mode !== 'imei' || settings.data.imei_search_and_collect) &&
      (mode !== 'barcode' || rootDetail.data.barCodeEnabled),
  );
  const requested = params.get('by') as Mode | null;
  const mode: Mode = requested && available.includes(requested) ? requested : 'keyword';
  const focusFirst = (candidate: Mode) => candidate === (initialMode ?? 'keyword');
  const { maxItems } = cartLimitsOf(settings.data);
  const full = (cart?.buybacks.length ?? 0) >= maxItems;

  return (
    <WizardFrame title={t('finder.title')} subtitle={t('finder.subtitle')}>
      {full && (
        <Alert color="yellow" icon={<IconInfoCircle aria-hidden />} role="status" data-testid="cart-full">
          <Text size="sm">
            {t('finder.cartFull', { count: maxItems })}{' '}
            <Anchor component={Link} to="/cart/customer-infos" size="sm">
              {t('finder.openCart')}
            </Anchor>
          </Text>
        </Alert>
      )}
      <Card withBorder padding="md" radius="md">
        <Tabs
          value={mode}
          keepMounted={false}
          onChange={(value) =>
            value &&
            setParams(
              (previous) => {
                const next = new URLSearchParams(previous);
                next.set('by', value);
                next.delete('category');
                return next;
              },
              { replace: true },
            )
          }
        >
          <Tabs.List grow mb="md" aria-label={t('finder.ways')}>
            {available.map((value) => {
              const Icon = ICONS[value];
              return (
                <Tabs.Tab key={value} value={value} leftSection={<Icon size={18} aria-hidden />}>
                  {t(`finder.by.${value}`)}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          <Tabs.Panel value="keyword">
            <FinderKeyword onChoose={choose} autoFocus={focusFirst('keyword')} />
          </Tabs.Panel>
          <Tabs.Panel value="category">
            <FinderCategory onChoose={choose} />
          </Tabs.Panel>
          <Tabs.Panel value="imei">
            <FinderImei onChoose={choose} autoFocus={focusFirst('imei')} />
          </Tabs.Panel>
          <Tabs.Panel value="barcode">
            <FinderBarcode onChoose={choose} autoFocus={focusFirst('barcode')} />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </WizardFrame>
  );
}
