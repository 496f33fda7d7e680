import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type Ref } from 'react';
import { formatMoney } from '../../../shared/format';
import { toProblem } from '../../../shared/problem';
import { useDebouncedValue } from '../../../shared/use-debounced-value';
import {
  useLazyProductSuggestionsQuery,
  useProductSuggestionsQuery,
  type ProductSuggestion,
} from './builder.api';
import {
  isSearchable,
  isUpc,
  MIN_SEARCH_LENGTH,
  scannedProduct,
  SEARCH_DEBOUNCE_MS,
  searchTerm,
} from './product-search';

const typeLabel = (type: string) => (type.toUpperCase() === 'N/A' ? 'N/A' : type.toLowerCase());

/**
 * The items table's product search (as the client's specification asks): 3 characters, 300 ms, % and _ stripped. Enter adds the
 * highlighted product; a UPC with one match is added as scanned, even when the scanner's Enter comes before the
 * search had time to answer. Focus stays here for the next product.
 */
export function ProductSearch({
  customerId,
  date,
  onPick,
  inputRef,
  disabled,
}: {
  customerId?: string;
  date?: string;
  /** answers the message to show when the product cannot be added (beer mix), or null */
  onPick: (product: ProductSuggestion, how: 'scanned' | 'picked') => string | null;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
}) {
  const [input, setInput] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const term = searchTerm(input);
  const settled = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const args = { query: settled, customerId, date };
  const search = useProductSuggestionsQuery(args, { skip: !isSearchable(settled) });
  const [lookUp] = useLazyProductSuggestionsQuery();
  /** Each typed search is an attempt; one attempt adds at most one product (Enter and the answer may race). */
  const attempt = useRef(0);
  const takenAttempt = useRef(-1);
  const current = settled === term && isSearchable(term) ? search.currentData : undefined;
  const options = current ?? [];
  /** The option the arrows or the mouse highlighted in the list (null: the first, which the list highlights). */
  const highlighted = useRef<ProductSuggestion | null>(null);

  const take = (product: ProductSuggestion, how: 'scanned' | 'picked') => {
    const problem = onPick(product, how);
    setMessage(problem);
    if (problem) return;
    takenAttempt.current = attempt.current;
    setInput('');
    setOpen(false);
  };

  // A UPC with one match: taken as scanned once the search answers.
  useEffect(() => {
    const product = scannedProduct(settled, current);
    if (product && takenAttempt.current !== attempt.current && term === settled) take(product, 'scanned');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, settled]);

  /** Enter before the search answered (a scanner): search now, take a single UPC match. */
  const enter = async (typed: string) => {
    const now = searchTerm(typed);
    if (!isSearchable(now)) {
      setMessage(`Type at least ${MIN_SEARCH_LENGTH} characters to search.`);
      return;
    }
    const mine = attempt.current;
    try {
      const results = await lookUp({ query: now, customerId, date }, true).unwrap();
      if (takenAttempt.current === mine || attempt.current !== mine) return;
      const product = results.length === 1 ? results[0]! : null;
      if (product) take(product, isUpc(now) ? 'scanned' : 'picked');
      else if (results.length === 0)
        setMessage(isUpc(now) ? `No product has the UPC ${now}.` : `No product matches "${now}".`);
      else setOpen(true);
    } catch (error) {
      setMessage(toProblem(error)?.message || 'Error searching products');
    }
  };

  const helper =
    message ??
    (search.isError && current === undefined && settled === term && isSearchable(term)
      ? toProblem(search.error)?.message || 'Error searching products'
      : 'Name, UPC or SKU — or scan a barcode. Enter adds the product.');

  return (
    <Autocomplete<ProductSuggestion, false, false, true>
      freeSolo
      autoHighlight
      open={open && isSearchable(term)}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={null}
      inputValue={input}
      disabled={disabled}
      clearOnBlur={false}
      blurOnSelect={false}
      filterOptions={(all) => all}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.product)}
      onInputChange={(_event, next, reason) => {
        if (reason === 'reset') return;
        attempt.current += 1;
        highlighted.current = null;
        setInput(next);
        setMessage(null);
        if (reason === 'input') setOpen(true);
      }}
      onHighlightChange={(_event, option) => {
        highlighted.current = option;
      }}
      onChange={(_event, next) => {
        if (next === null) return;
        if (typeof next !== 'string') {
          take(next, 'picked');
          return;
        }
        // Enter on typed text: the highlighted option of this search's answer (the first, highlighted as the list
        // opens, unless the arrows or the mouse moved on); before the answer (a scanner's Enter), search now.
        const moved =
          highlighted.current && options.includes(highlighted.current) ? highlighted.current : null;
        const option = moved ?? (open && options.length > 0 ? options[0]! : null);
        if (option) take(option, 'picked');
        else void enter(next);
      }}
      loading={search.isFetching}
      loadingText="Searching…"
      noOptionsText={
        isSearchable(term) && settled === term && !search.isFetching ? 'No products found' : 'Searching…'
      }
      renderOption={({ key, ...props }, option) => (
        <Box
          component="li"
          key={key}
          {...props}
          sx={{ display: 'flex !important', gap: 2, justifyContent: 'space-between' }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {option.product} <Typography component="span">{option.product_size}</Typography>
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {[typeLabel(option.product_type), option.upc && `UPC ${option.upc}`, option.internal_sku]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Box>
          <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{formatMoney(option.price)}</Typography>
            {option.tier && <Chip size="small" label={option.tier.name} variant="outlined" />}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label="Add product"
          placeholder="Search by name or UPC, or scan"
          error={message !== null}
          helperText={helper}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  {isUpc(term) ? <QrCodeScannerOutlined /> : <SearchOutlined />}
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
