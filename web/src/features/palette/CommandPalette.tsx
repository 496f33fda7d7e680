import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CLIENT_VERSION, useGetMetaQuery } from '../../app/version';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { RetryAlert } from '../../shared/ui/RetryAlert';
import { QUICK_SEARCH_DEBOUNCE_MS, QUICK_SEARCH_MIN } from '../dashboard/QuickSearch';
import { useProductSuggestionsQuery } from '../invoices/builder/builder.api';
import { isSearchable, searchTerm } from '../invoices/builder/product-search';
import { useQuickSearchQuery } from '../invoices/invoices.api';
import { invoicePath } from '../invoices/view/invoice-display';
import { productPath } from '../products/product-grid.columns';
import {
  PALETTE_GROUPS,
  PALETTE_PAGES,
  customerCommands,
  groupItems,
  isPaletteShortcut,
  matchingActions,
  paletteActionsFor,
  moveIndex,
  reportIssueAction,
  reportIssueHref,
  shortcutHint,
  type PaletteItem,
} from './palette-items';
import { useFeatureOnOrUnknown } from '../../shared/feature-gate/use-feature';
import { hiddenOnPhones, visuallyHidden } from '../../shared/ui/visually-hidden';

const optionId = (item: PaletteItem) => `palette-option-${item.id}`;

/** The client's specification: the top bar's search button and the Ctrl/Cmd+K command palette over invoices, products, customers and actions. */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const hint = shortcutHint(typeof navigator === 'undefined' ? '' : navigator.platform);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setOpen((was) => !was);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <Button
        color="inherit"
        startIcon={<SearchRounded />}
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        sx={{
          color: 'text.secondary',
          flexShrink: 0,
          minWidth: 0,
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
        }}
      >
        {/* on a phone the icon alone shows (the top bar has no room for the words); the name stays 'Search' */}
        <Box component="span" sx={hiddenOnPhones}>
          Search
        </Box>
        <Box
          component="kbd"
          sx={{
            display: { xs: 'none', sm: 'inline' },
            ml: 1,
            px: 0.75,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            fontSize: '0.75rem',
          }}
        >
          {hint}
        </Box>
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="command-palette-title"
        sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
      >
        <Typography id="command-palette-title" component="h2" sx={visuallyHidden}>
          Command palette
        </Typography>
        {open && <PaletteBody hint={hint} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function PaletteBody({ hint, onDone }: { hint: string; onDone: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const supportEmail = useGetMetaQuery().data?.supportEmail;
  // Report Issue carries the route the palette was opened on and when (the palette closes on the way out)
  const [openedAt] = useState(() => new Date().toISOString());
  const reportIssue = useMemo(
    () =>
      supportEmail
        ? reportIssueAction(
            reportIssueHref(supportEmail, {
              clientVersion: CLIENT_VERSION,
              route: `${location.pathname}${location.search}`,
              browser: navigator.userAgent,
              time: openedAt,
            }),
          )
        : undefined,
    [supportEmail, location.pathname, location.search, openedAt],
  );
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const settled = useDebouncedValue(text.trim(), QUICK_SEARCH_DEBOUNCE_MS);
  const ready = settled.length >= QUICK_SEARCH_MIN;
  const featureOn = useFeatureOnOrUnknown();
  // like the side navigation, Inventories stays out until the company is known
  const inventoryHidden = featureOn('bottle_pos') || featureOn('clover');
  const typing = text.trim() !== settled;
  const quick = useQuickSearchQuery(settled, { skip: !ready });
  const productTerm = searchTerm(settled);
  const products = useProductSuggestionsQuery(
    { query: productTerm },
    { skip: !ready || !isSearchable(productTerm) },
  );
  const failed = ready && (quick.isError || products.isError);
  // a failed search is asked again only for the part that failed
  const retry = () => {
    if (quick.isError) void quick.refetch();
    if (products.isError) void products.refetch();
  };
  const loading = ready && (quick.isFetching || products.isFetching || typing);

  const items = useMemo(() => {
    const found: PaletteItem[] = [];
    if (ready && quick.data) {
      for (const invoice of quick.data.invoices)
        found.push({
          id: `invoice-${invoice.id}`,
          group: 'Invoices',
          label: `#${invoice.number}`,
          secondary: invoice.customer_name,
          to: invoicePath(invoice.number),
        });
      for (const customer of quick.data.customers)
        found.push(
          ...customerCommands({
            id: customer.id,
            name: customer.name,
            secondary: [customer.display_tabc_id, customer.city].filter(Boolean).join(' · '),
          }),
        );
    }
    if (ready && products.data)
      for (const product of products.data)
        found.push({
          id: `product-${product.id}`,
          group: 'Products',
          label: product.product,
          secondary: [product.product_size, product.product_type].filter(Boolean).join(' · '),
          to: productPath(product.id),
        });
    const actions = [...paletteActionsFor(inventoryHidden), ...(reportIssue ? [reportIssue] : [])];
    return groupItems([...found, ...matchingActions(text, PALETTE_PAGES), ...matchingActions(text, actions)]);
  }, [ready, quick.data, products.data, text, inventoryHidden, reportIssue]);

  useEffect(() => setActive(0), [items]);
  const current = items[active];
  useEffect(() => {
    if (current) document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const choose = (item: PaletteItem) => {
    onDone();
    if (item.href) window.location.href = item.href;
    else navigate(item.to);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => moveIndex(index, event.key === 'ArrowDown' ? 1 : -1, items.length));
    } else if (event.key === 'Enter' && current) {
      event.preventDefault();
      choose(current);
    }
  };

  const searchedNothing =
    ready && !typing && !loading && !failed && items.every((i) => i.group === 'Actions');

  return (
    <Box sx={{ p: 2 }}>
      <TextField
        autoFocus
        fullWidth
        size="small"
        placeholder="Search invoices, products, customers…"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        slotProps={{
          htmlInput: {
            role: 'combobox',
            'aria-label': 'Search invoices, products, customers and actions',
            'aria-expanded': true,
            'aria-controls': 'palette-results',
            'aria-autocomplete': 'list',
            'aria-activedescendant': current ? optionId(current) : undefined,
          },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={{ height: 4, mt: 0.5 }}>{loading && <LinearProgress aria-label="Searching" />}</Box>
      {failed && (
        <RetryAlert onRetry={retry} small sx={{ mt: 1 }}>
          Sorry, the search failed.
        </RetryAlert>
      )}
      {text.trim().length > 0 && text.trim().length < QUICK_SEARCH_MIN && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Type at least {QUICK_SEARCH_MIN} characters to search.
        </Typography>
      )}
      {searchedNothing && (
        <Typography role="status" color="text.secondary" sx={{ py: 1, textAlign: 'center' }}>
          No results
        </Typography>
      )}
      <List
        id="palette-results"
        role="listbox"
        aria-label="Results"
        dense
        sx={{ maxHeight: 420, overflow: 'auto' }}
      >
        {PALETTE_GROUPS.map((group) => {
          const inGroup = items.filter((item) => item.group === group);
          if (inGroup.length === 0) return null;
          return (
            <li key={group} role="presentation">
              <List role="group" aria-label={group} dense disablePadding>
                <ListSubheader role="presentation" disableSticky>
                  {group}
                </ListSubheader>
                {inGroup.map((item) => [
                  item.heading && (
                    <ListSubheader
                      key={`${item.id}-heading`}
                      role="presentation"
                      disableSticky
                      sx={{ lineHeight: 1.4, pt: 1, pb: 0.5, color: 'text.primary', fontWeight: 600 }}
                    >
                      {item.heading.label}
                      {item.heading.secondary && (
                        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                          {item.heading.secondary}
                        </Typography>
                      )}
                    </ListSubheader>
                  ),
                  <ListItemButton
                    key={item.id}
                    id={optionId(item)}
                    role="option"
                    aria-selected={item === current}
                    selected={item === current}
                    tabIndex={-1}
                    onMouseMove={() => setActive(items.indexOf(item))}
                    // a link out (Report Issue's mailto:) is a real link, so its address can be read and copied;
                    // choosing it follows the link after the palette closes (a removed link would go nowhere)
                    component={item.href ? 'a' : 'div'}
                    href={item.href}
                    onClick={(event: MouseEvent) => {
                      if (item.href) event.preventDefault();
                      choose(item);
                    }}
                    aria-label={item.name}
                    sx={{ borderRadius: 1, pl: item.parent ? 4 : undefined }}
                  >
                    <ListItemText
                      primary={item.label}
                      secondary={item.secondary}
                      slotProps={{ primary: { noWrap: true, sx: { fontWeight: item.parent ? 400 : 600 } } }}
                    />
                  </ListItemButton>,
                ])}
              </List>
            </li>
          );
        })}
      </List>
      <Typography variant="caption" color="text.secondary">
        ↑ ↓ to move · Enter to open · Esc to close · {hint} to open anywhere
      </Typography>
    </Box>
  );
}
