import RingCore

/// The builder page's script (vanilla JavaScript, no libraries). It reads the controls that
/// ``BuilderPage`` generated from the parameter table (`data-param`, `data-kind`, `data-default`,
/// `data-instead`), assembles the URL, points the SVG and PNG previews at it, reads the picture's title (the
/// alt text) and any error from ringd, and fills the snippets. Inline in the page; its SHA-256 is in the page's
/// Content-Security-Policy, so it attaches its own listeners (no inline handlers).
///
/// Parameter names it uses by name, because they have a role beyond the URL: `size` (width and height of the
/// snippets), `title` (alt text), `theme` (GitHub's dark/light pair, the preview background) and `format`
/// (left out of the preview URLs, whose extension picks the format). BuilderPageTests checks they are in the table.
enum BuilderScript {
    /// Milliseconds the previews wait for more input before loading (a dragged slider sends many events).
    static let previewDelay = 120
    /// The side the snippets give a picture whose size field is empty or unreadable: the standard table's default.
    static let defaultSize = ParameterTable.standard.commonDefault("size") ?? ""

    static let source = #"""
'use strict';
(() => {
const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
const DELAY = \#(previewDelay);
// Limits injected from the server's own constants (ValueSyntax, RingLimits, the parameter table).
const MAX_NUMBER_LENGTH = \#(ValueSyntax.maxNumberLength), MAX_SIDE = \#(RingLimits.maxPixelSide);
const DEFAULT_SIZE = Number('\#(defaultSize)');
const themes = $('#themes').dataset;
let previewTimer = 0, fetchSeq = 0, fetchedTitle = '', fetchedFor = '', fetchedSize = null;
// Parameters of a pasted or opened URL that no control takes: kept in the URL as they were, in their order.
let extras = [];

const route = () => $('input[name=route]:checked').value;
// Common parameters the route replaces with rows of its own or does not take (a badge: size, label, labelColor).
const replaced = r => new Set(($('#params-' + r).dataset.replaces || '').split(' ').filter(Boolean));
const fieldsOf = r => {
  const skip = replaced(r);
  return $$('.field', $('#params-' + r)).concat($$('.field', $('#params-common')).filter(f => !skip.has(f.dataset.param)));
};
// The field's main control: the one its visible label names.
const mainOf = field => document.getElementById($('label', field).htmlFor);
const commonField = name => $('#params-common .field[data-param="' + name + '"]');

// The decoder's progress grammar (ValueSyntax): 0.7, .7, 70%, 7/10; a strict decimal of at most MAX_NUMBER_LENGTH
// characters.
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
function decimal(s) {
  if (s.length === 0 || s.length > MAX_NUMBER_LENGTH || !DECIMAL.test(s)) return null;
  const v = Number(s);
  return Number.isFinite(v) ? (v === 0 ? 0 : v) : null;
}
function progress(s) {
  let v;
  if (s.endsWith('%')) {
    const d = decimal(s.slice(0, -1));
    v = d === null ? null : d / 100;
  } else if (s.includes('/')) {
    const i = s.indexOf('/'), n = decimal(s.slice(0, i)), d = decimal(s.slice(i + 1));
    v = n === null || d === null || !(d > 0) ? null : n / d;
  } else {
    v = decimal(s);
  }
  return v === null || !Number.isFinite(v) || v < 0 ? null : v;
}
// As the decoder rounds: to 1e-6, so 0.7, 70% and 7/10 are one value.
const canonical = v => String(Math.round(v * 1e6) / 1e6);

// The value a slider pair puts in the URL: the last valid value typed or slid.
function sliderValue(pair) {
  return pair.dataset.value || $('input[type=range]', pair).value;
}

// Checks the pair's text field by the decoder's rules: a valid value moves the slider (pinned at 100 % past it)
// and becomes the pair's value; anything else is reported under the field in ringd's words.
function checkExact(pair, name) {
  const exact = $('.exact', pair), range = $('input[type=range]', pair);
  const error = document.getElementById(exact.getAttribute('aria-describedby'));
  const text = exact.value.trim(), v = progress(text);
  const min = Number(exact.dataset.min), max = Number(exact.dataset.max);
  const ok = text !== '' && v !== null && v >= min && v <= max;
  exact.classList.toggle('bad', !ok);
  exact.setAttribute('aria-invalid', ok ? 'false' : 'true');
  if (ok) {
    pair.dataset.value = canonical(v);
    range.value = String(Math.min(v, Number(range.max)));
    error.textContent = '';
  } else {
    error.textContent = name + ': got "' + text + '"; expected a number ' + exact.dataset.min + '\u2026'
      + exact.dataset.max + ' (0.7, .7, 70% or 7/10)';
  }
}

// The text a field puts in the URL, or null when it is left at its default.
function read(field) {
  const kind = field.dataset.kind, def = field.dataset.default, main = mainOf(field);
  const keep = v => (v === '' || v === def ? null : v);
  switch (kind) {
    case 'progress':
      return main.type === 'range' ? sliderValue(main.parentElement) : keep(main.value.trim());
    case 'progressList': {
      const n = ringCount(field);
      return $$('.ring', field).slice(0, n).map(row => sliderValue($('.pair', row))).join(',');
    }
    case 'length': {
      const v = main.value.trim();
      return v === '' ? null : keep(v + ($('.unit', field).value === '%' ? '%' : ''));
    }
    case 'color': case 'paint': case 'gradient': case 'paintList': case 'colorList':
      // The # of a hex colour is optional in ringd, and leaving it out keeps URLs free of %23.
      return keep(main.value.trim().replace(/#([0-9a-f]{3,8})\b/gi, '$1'));
    case 'flag': {
      const v = main.checked ? '1' : '0';
      return v === (def || '0') ? null : v;
    }
    default:
      return keep(main.value.trim());
  }
}

function ringCount(field) {
  const input = $('input[type=number]', $('.count', field));
  const n = Math.round(Number(input.value));
  const min = Number(input.min), max = Number(input.max);
  return Number.isFinite(n) && n >= min ? Math.min(n, max) : min;
}

// Parameter values in table order; an alternative that is set (value=, move=, color=) drops the one it replaces.
function collect(r) {
  const fields = fieldsOf(r), values = new Map(), dropped = new Set();
  for (const field of fields) {
    const v = read(field);
    if (v !== null) values.set(field.dataset.param, v);
  }
  for (const field of fields) {
    if (field.dataset.instead && values.has(field.dataset.param)) {
      values.delete(field.dataset.instead);
      dropped.add(field.dataset.instead);
    }
  }
  for (const field of fields) field.classList.toggle('dropped', dropped.has(field.dataset.param));
  for (const [name, value] of extras) if (!values.has(name)) values.set(name, value);
  return values;
}

const encode = v => encodeURIComponent(v).replace(/%2C/gi, ',')
  .replace(/[!'()*]/g, c => '%' + c.charCodeAt(0).toString(16).toUpperCase());
const queryOf = values => Array.from(values, ([k, v]) => k + '=' + encode(v)).join('&');
const withQuery = (path, values) => { const q = queryOf(values); return q ? path + '?' + q : path; };
const escapeHTML = s => s.replace(/&/g, '&amp;').replace(/[<]/g, '&lt;').replace(/[>]/g, '&gt;').replace(/"/g, '&quot;');
const escapeMarkdown = s => s.replace(/[\\\[\]]/g, '\\$&');

function build() {
  const r = route(), values = collect(r);
  const still = new Map(values);
  still.delete('format');
  // A PNG draws the light picture whatever theme=auto asks (it has no media queries): its URLs leave it out.
  const png = new Map(still);
  if (png.get('theme') === themes.auto) png.delete('theme');
  const size = Number(values.get('size') || commonField('size').dataset.default) || DEFAULT_SIZE;
  return {
    r, values,
    // Square pictures get width and height from size; a badge's size is its own (no attributes).
    square: !replaced(r).has('size'),
    path: withQuery('/' + r, values),
    svg: withQuery('/' + r + '.svg', still),
    png: withQuery('/' + r + '.png', png),
    pngValues: png,
    size: Math.round(Math.min(Math.max(size, 1), MAX_SIDE)),
    themed(name) {
      const v = new Map(values);
      if (name === commonField('theme').dataset.default) v.delete('theme'); else v.set('theme', name);
      return location.origin + withQuery('/' + r, v);
    },
  };
}

// The picture's size in CSS pixels: size for square pictures, the badge's own from its SVG once fetched.
function displaySize(b) {
  if (b.square) return { w: b.size, h: b.size };
  return fetchedFor === b.svg && fetchedSize ? fetchedSize : null;
}

function snippets(b, alt) {
  const abs = location.origin + b.path, png = location.origin + b.png, svg = location.origin + b.svg;
  const shown = displaySize(b);
  const wh = shown ? ' width="' + shown.w + '" height="' + shown.h + '"' : '';
  const img = src => '<img src="' + escapeHTML(src) + '"' + wh + ' alt="' + escapeHTML(alt) + '">';
  // E-mail: the PNG at twice the pixels, shown at its CSS size, so it is sharp on high-density screens.
  const mail = new Map(b.pngValues);
  mail.set('scale', '2');
  const email = location.origin + withQuery('/' + b.r + '.png', mail);
  const light = b.themed(themes.light), dark = b.themed(themes.dark);
  return {
    url: abs,
    'snippet-markdown': '![' + escapeMarkdown(alt) + '](' + abs + ')',
    'snippet-html': img(abs),
    'snippet-auto': '![' + escapeMarkdown(alt) + '](' + b.themed(themes.auto) + ')',
    'snippet-picture': '<picture>\n  <source media="(prefers-color-scheme: dark)" srcset="' + escapeHTML(dark) + '">\n'
      + '  <source media="(prefers-color-scheme: light)" srcset="' + escapeHTML(light) + '">\n  ' + img(light) + '\n<\/picture>',
    'snippet-email': img(email),
    'snippet-curl': "curl -o " + b.r + ".svg '" + svg + "'\ncurl -o " + b.r + ".png '" + png + "'",
  };
}

// The alt text: the title when given, else the picture's own (fetched for this very URL), else the label typed.
function altText(b) {
  const title = b.values.get('title');
  if (title !== undefined) return title;
  if (fetchedFor === b.svg) return fetchedTitle;
  const label = b.values.get('label');
  return label && !['auto', 'none'].includes(label.toLowerCase()) ? label : '';
}

function fill(b) {
  const alt = altText(b);
  for (const [id, text] of Object.entries(snippets(b, alt))) {
    const box = document.getElementById(id);
    // Not while someone is typing a URL into it.
    if (box.value === text || box === document.activeElement) continue;
    box.value = text;
    if (box.tagName === 'TEXTAREA') fitHeight(box);
  }
}

// A snippet box tall enough for its whole text (CSSOM, which the page's CSP allows; style attributes it does not).
function fitHeight(box) {
  box.style.height = 'auto';
  box.style.height = box.scrollHeight + 2 + 'px';
}

function announce(text, isError) {
  const status = $('#status');
  status.textContent = text;
  status.classList.toggle('error', !!isError);
}

function refresh(b) {
  for (const [img, src, kind] of [[$('#preview-svg'), b.svg, 'SVG'], [$('#preview-png'), b.png, 'PNG']]) {
    if (img.getAttribute('src') !== src) img.setAttribute('src', src);
    if (b.square) {
      img.width = b.size;
      img.height = b.size;
    } else {
      img.removeAttribute('width');
      img.removeAttribute('height');
    }
    img.alt = kind + ' preview' + (fetchedFor === b.svg && fetchedTitle ? ': ' + fetchedTitle : '');
  }
  $('#open-svg').href = b.svg;
  $('#open-png').href = b.png;
  const mine = ++fetchSeq;
  // The picture's own title (the alt text) and ringd's message for a bad parameter (X-Ring-Error).
  fetch(b.svg, { headers: { Accept: 'image/svg+xml' } })
    .then(response => response.text().then(text => [response, text]))
    .then(([response, text]) => {
      if (mine !== fetchSeq) return;
      const error = errorText(response.headers);
      if (!response.ok) {
        announce('ringd answered ' + response.status + (text ? ': ' + text.trim() : ''), true);
        return;
      }
      if (error) {
        announce(error, true);
        $('#info').textContent = '';
        return;
      }
      // Read with a pattern, not DOMParser: a parsed document inherits this page's CSP, and the animated
      // pictures' inline styles would be reported as violations.
      const title = /<title>([^<]*)<\/title>/.exec(text);
      fetchedTitle = title ? unescapeXML(title[1]).trim() : '';
      const size = /^<svg[^>]*?\swidth="([0-9.]+)"[^>]*?\sheight="([0-9.]+)"/.exec(text);
      fetchedSize = size ? { w: Math.round(Number(size[1])), h: Math.round(Number(size[2])) } : null;
      fetchedFor = b.svg;
      announce('', false);
      $('#info').textContent = fetchedTitle + ' · ' + new TextEncoder().encode(text).length + ' bytes of SVG';
      const current = build();
      if (current.svg === b.svg) {
        fill(current);
        refreshAlt(current);
      }
    })
    .catch(() => { if (mine === fetchSeq) announce('ringd did not answer; is it still running?', true); });
}

// ringd's message: X-Ring-Error* (RFC 8187: UTF-8'' and the percent-encoded text) when the ASCII X-Ring-Error lost
// anything, else X-Ring-Error.
function errorText(headers) {
  const exact = headers.get('X-Ring-Error*');
  if (exact && exact.startsWith("UTF-8''")) {
    try { return decodeURIComponent(exact.slice(7)); } catch (_) { /* malformed: the ASCII form below */ }
  }
  return headers.get('X-Ring-Error');
}

function unescapeXML(s) {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|lt|gt|quot|apos|amp);/gi, (_, e) => {
    const named = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' }[e.toLowerCase()];
    if (named) return named;
    return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
}

function refreshAlt(b) {
  $('#preview-svg').alt = 'SVG preview: ' + fetchedTitle;
  $('#preview-png').alt = 'PNG preview: ' + fetchedTitle;
}

// The preview's page: by default an opaque bg's own colour (the picture's labels and tracks follow it, so they
// are seen on the page they were chosen for), else the theme's page (auto: the scheme this page is shown in).
// The bg's colour is read from the PNG preview's corner, as ringd drew it (any colour syntax, any palette name).
let drawnBackground = '';
function sampleBackground() {
  const img = $('#preview-png'), canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d');
  drawnBackground = '';
  try {
    ctx.drawImage(img, 0, 0, 1, 1, 0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    if (a === 255) drawnBackground = 'rgb(' + r + ',' + g + ',' + b + ')';
  } catch (_) { /* not decodable yet: the theme's page */ }
  backdrop(build());
}

function backdrop(b) {
  let choice = $('#backdrop').value, page = '';
  if (choice === 'theme') {
    const bg = (b.values.get('bg') || '').trim().toLowerCase();
    if (bg && bg !== 'none') page = drawnBackground;
    let theme = b.values.get('theme') || commonField('theme').dataset.default;
    if (theme === themes.auto) theme = matchMedia('(prefers-color-scheme: dark)').matches ? themes.dark : themes.light;
    choice = theme === themes.dark ? 'dark' : 'light';
  }
  $('#images').className = 'images bg-' + choice;
  $('#images').style.background = page;
}

function update() {
  const r = route();
  $('#kept').textContent = extras.length ? extras.map(([k, v]) => k + '=' + v).join(', ') : 'none';
  for (const fs of $$('fieldset[data-route]')) fs.hidden = fs.dataset.route !== r;
  const skip = replaced(r);
  for (const field of $$('.field', $('#params-common'))) field.hidden = skip.has(field.dataset.param);
  const b = build();
  fill(b);
  backdrop(b);
  // The page's own address carries the picture's, so a reload or a shared link reopens it.
  history.replaceState(null, '', '#' + b.path);
  clearTimeout(previewTimer);
  previewTimer = setTimeout(() => refresh(build()), DELAY);
}

// Keeps paired controls equal: slider and exact value, colour text and picker, gradient stops, length units.
function sync(field, target) {
  const pair = target.closest('.pair');
  const ring = target.closest('.ring'), name = ring ? 'ring ' + ring.dataset.ring : field.dataset.param;
  if (target.type === 'range') {
    $('.exact', pair).value = target.value;
    checkExact(pair, name);
  } else if (target.classList.contains('exact')) {
    checkExact(pair, name);
  } else if (target.classList.contains('stop')) {
    mainOf(field).value = $$('.stop', field).map(stop => stop.value).join(',');
  } else if (target.classList.contains('pick')) {
    mainOf(field).value = target.value;
  } else if (target.classList.contains('colour')) {
    const stops = $$('.stop', field), parts = target.value.split(',');
    const pickers = stops.length ? stops : $$('.pick', field).slice(0, 1);
    parts.slice(0, pickers.length).forEach((part, i) => {
      const hex = hex6(part.trim());
      if (hex && (stops.length ? parts.length === stops.length : parts.length === 1)) pickers[i].value = hex;
    });
  } else if (target.classList.contains('unit')) {
    const input = mainOf(field), d = input.dataset, percent = target.value === '%';
    input.min = percent ? d.pcMin : d.pxMin;
    input.max = percent ? d.pcMax : d.pxMax;
  } else if (target.closest('.count')) {
    const n = ringCount(field);
    $$('.ring', field).forEach((row, i) => { row.hidden = i >= n; });
  }
}

function hex6(text) {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text);
  if (!m) return null;
  const h = m[1].length === 3 ? m[1].replace(/./g, c => c + c) : m[1];
  return '#' + h.toLowerCase();
}

// Returns a field to its default (its alternative was chosen again).
function reset(field) {
  for (const input of $$('input[type=text]:not(.exact), input[type=number]', field)) {
    if (!input.closest('.count') && !input.closest('.ring')) input.value = '';
  }
}

function edited(target) {
  const field = target.closest('.field');
  if (field) {
    sync(field, target);
    // Setting a parameter again (moving p) clears the alternatives that replaced it (value, total).
    const scope = field.closest('fieldset');
    for (const other of $$('.field[data-instead="' + field.dataset.param + '"]', scope)) reset(other);
  }
  update();
}

// Sets `field`'s controls to `value` as a URL gives it; false when no control can show it (kept as an extra).
function write(field, value) {
  const main = mainOf(field), kind = field.dataset.kind;
  const setExact = (pair, v, name) => { $('.exact', pair).value = v; checkExact(pair, name); };
  switch (kind) {
    case 'progress':
      if (main.type === 'range') setExact(main.parentElement, value, field.dataset.param); else main.value = value;
      return true;
    case 'progressList': {
      const parts = value.split(','), count = $('input[type=number]', $('.count', field));
      if (parts.length < Number(count.min) || parts.length > Number(count.max)) return false;
      count.value = String(parts.length);
      sync(field, count);
      $$('.ring', field).slice(0, parts.length).forEach((row, i) => setExact($('.pair', row), parts[i], 'ring ' + (i + 1)));
      return true;
    }
    case 'length': {
      const percent = value.endsWith('%');
      main.value = percent ? value.slice(0, -1) : value.replace(/px$/, '');
      const unit = $('.unit', field);
      unit.value = percent ? '%' : 'px';
      sync(field, unit);
      return true;
    }
    case 'flag':
      if (!['0', '1', 'true', 'false'].includes(value)) return false;
      main.checked = value === '1' || value === 'true';
      return true;
    case 'choice':
      if (!Array.from(main.options).some(o => o.value === value.toLowerCase())) return false;
      main.value = value.toLowerCase();
      return true;
    case 'color': case 'paint': case 'gradient': case 'paintList': case 'colorList':
      main.value = value;
      sync(field, main);
      return true;
    default:
      main.value = value;
      return true;
  }
}

// Every control of the route back to its default (before a URL's parameters are applied).
function resetAll(r) {
  for (const field of fieldsOf(r)) {
    const main = mainOf(field);
    if (main.type === 'checkbox') main.checked = field.dataset.default === '1';
    else if (main.tagName === 'SELECT') main.value = Array.from(main.options).find(o => o.defaultSelected)?.value ?? '';
    else if (main.type !== 'range' && field.dataset.kind !== 'progressList') main.value = '';
  }
}

// shields' path form: /badge/<label>-<message>-<color> (-- dash, __ underscore, _ space).
function badgePath(rest) {
  const parts = rest.replace(/--/g, '\u0000').split('-').map(part => decodeURIComponent(
    part.replace(/\u0000/g, '-').replace(/__/g, '\u0001').replace(/_/g, ' ').replace(/\u0001/g, '_')));
  if (parts.length === 3) return [['label', parts[0]], ['message', parts[1]], ['color', parts[2]]];
  if (parts.length === 2) return [['message', parts[0]], ['color', parts[1]]];
  return null;
}

// Loads a ringd URL (absolute, or a path with its query) into the controls; unknown parameters are kept.
function load(text) {
  let url;
  try { url = new URL(text.trim(), location.origin); } catch (_) { url = null; }
  const path = url ? url.pathname : '';
  let r = null, ext = null, entries = [];
  const badge = /^\/badge\/([^/]+?)(?:\.(svg|png))?$/.exec(path);
  const plain = /^\/([A-Za-z]+)(?:\.(svg|png))?$/.exec(path);
  if (badge && badgePath(badge[1])) {
    [r, ext, entries] = ['badge', badge[2], badgePath(badge[1])];
  } else if (plain && document.getElementById('route-' + plain[1])) {
    [r, ext] = [plain[1], plain[2]];
  }
  if (!r) {
    announce('Not a ringd image URL: ' + text.trim(), true);
    return false;
  }
  for (const [k, v] of url.searchParams) entries.push([k, v]);
  if (ext && !entries.some(([k]) => k === 'format')) entries.push(['format', ext]);
  document.getElementById('route-' + r).checked = true;
  resetAll(r);
  extras = [];
  const fields = new Map(fieldsOf(r).map(f => [f.dataset.param, f]));
  for (const [k, v] of entries) {
    const field = fields.get(k);
    if (!field || !write(field, v)) extras.push([k, v]);
  }
  announce('', false);
  update();
  return true;
}

const controls = $('.controls');
controls.addEventListener('input', e => edited(e.target));
controls.addEventListener('change', e => edited(e.target));
$('#backdrop').addEventListener('change', () => backdrop(build()));
$('#preview-png').addEventListener('load', sampleBackground);
$('#url').addEventListener('change', e => load(e.target.value));
$('#url').addEventListener('paste', e => setTimeout(() => load(e.target.value), 0));
addEventListener('resize', () => $$('.snippets textarea').forEach(fitHeight));
$('.snippets').addEventListener('click', copy);
$('.preview').addEventListener('click', copy);
for (const img of [$('#preview-svg'), $('#preview-png')]) {
  img.addEventListener('error', () => announce('The preview image did not load.', true));
}

function copy(event) {
  const button = event.target.closest('button.copy');
  if (!button) return;
  const box = document.getElementById(button.dataset.copy);
  const done = ok => {
    button.textContent = ok ? 'Copied' : 'Press Ctrl+C';
    announce(ok ? 'Copied.' : 'Selected: press Ctrl+C to copy.', false);
    setTimeout(() => { button.textContent = 'Copy'; }, 1500);
  };
  const fallback = () => {
    box.focus();
    box.select();
    let ok = false;
    try { ok = document.execCommand('copy'); } catch (_) { ok = false; }
    done(ok);
  };
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(box.value).then(() => done(true), fallback);
  else fallback();
}

// A URL to edit from the page's own address: /#/ring?p=0.7, /?url=…, or /?/ring?p=0.7 (or a whole URL).
const opened = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1))
  : new URLSearchParams(location.search).get('url')
    || (/^\?(\/|https?:)/.test(location.search) ? decodeURIComponent(location.search.slice(1)) : '');
// Each pair starts at its text field's value (an example such as 1.1 lies past the slider's 100 %).
for (const pair of $$('.pair')) if ($('.exact', pair)) checkExact(pair, 'p');
if (!opened || !load(opened)) update();
})();
"""#
}
