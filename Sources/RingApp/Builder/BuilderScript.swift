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

    static let source = #"""
'use strict';
(() => {
const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
const DELAY = \#(previewDelay);
const themes = $('#themes').dataset;
let previewTimer = 0, fetchSeq = 0, fetchedTitle = '', fetchedFor = '';

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

function sliderValue(pair) {
  const exact = $('.exact', pair), range = $('input[type=range]', pair);
  return exact.value.trim() !== '' && exact.checkValidity() ? exact.value.trim() : range.value;
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
  const size = Number(values.get('size') || commonField('size').dataset.default) || 128;
  return {
    r, values,
    // Square pictures get width and height from size; a badge's size is its own (no attributes).
    square: !replaced(r).has('size'),
    path: withQuery('/' + r, values),
    svg: withQuery('/' + r + '.svg', still),
    png: withQuery('/' + r + '.png', still),
    size: Math.round(Math.min(Math.max(size, 1), 4096)),
    themed(name) {
      const v = new Map(values);
      if (name === commonField('theme').dataset.default) v.delete('theme'); else v.set('theme', name);
      return location.origin + withQuery('/' + r, v);
    },
  };
}

function snippets(b, alt) {
  const abs = location.origin + b.path, png = location.origin + b.png, svg = location.origin + b.svg;
  const wh = b.square ? ' width="' + b.size + '" height="' + b.size + '"' : '';
  const img = src => '<img src="' + escapeHTML(src) + '"' + wh + ' alt="' + escapeHTML(alt) + '">';
  const light = b.themed(themes.light), dark = b.themed(themes.dark);
  return {
    url: abs,
    'snippet-markdown': '![' + escapeMarkdown(alt) + '](' + abs + ')',
    'snippet-html': img(abs),
    'snippet-auto': '![' + escapeMarkdown(alt) + '](' + b.themed(themes.auto) + ')',
    'snippet-picture': '<picture>\n  <source media="(prefers-color-scheme: dark)" srcset="' + escapeHTML(dark) + '">\n'
      + '  <source media="(prefers-color-scheme: light)" srcset="' + escapeHTML(light) + '">\n  ' + img(light) + '\n<\/picture>',
    'snippet-email': img(png),
    'snippet-curl': "curl -o " + b.r + ".svg '" + svg + "'\ncurl -o " + b.r + ".png '" + png + "'",
  };
}

function fill(b) {
  const title = b.values.get('title');
  const alt = title !== undefined ? title : (fetchedFor === b.svg ? fetchedTitle : fetchedTitle || '');
  for (const [id, text] of Object.entries(snippets(b, alt))) {
    const box = document.getElementById(id);
    if (box.value === text) continue;
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

function backdrop(b) {
  let choice = $('#backdrop').value;
  if (choice === 'theme') {
    choice = (b.values.get('theme') || commonField('theme').dataset.default) === themes.dark ? 'dark' : 'light';
  }
  $('#images').className = 'images bg-' + choice;
}

function update() {
  const r = route();
  for (const fs of $$('fieldset[data-route]')) fs.hidden = fs.dataset.route !== r;
  const skip = replaced(r);
  for (const field of $$('.field', $('#params-common'))) field.hidden = skip.has(field.dataset.param);
  const b = build();
  fill(b);
  backdrop(b);
  clearTimeout(previewTimer);
  previewTimer = setTimeout(() => refresh(build()), DELAY);
}

// Keeps paired controls equal: slider and exact value, colour text and picker, gradient stops, length units.
function sync(field, target) {
  const pair = target.closest('.pair');
  if (target.type === 'range') {
    $('.exact', pair).value = target.value;
  } else if (target.classList.contains('exact')) {
    if (target.value.trim() !== '' && target.checkValidity()) $('input[type=range]', pair).value = target.value;
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
  for (const input of $$('input[type=text], input[type=number]:not(.exact)', field)) {
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

const controls = $('.controls');
controls.addEventListener('input', e => edited(e.target));
controls.addEventListener('change', e => edited(e.target));
$('#backdrop').addEventListener('change', () => backdrop(build()));
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

update();
})();
"""#
}
