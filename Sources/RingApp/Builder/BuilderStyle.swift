/// The builder page's stylesheet: responsive (one column below 900 px, two above), light and dark, visible focus.
/// Inline in the page; its SHA-256 is in the page's Content-Security-Policy (``BuilderPage``).
enum BuilderStyle {
    static let css = #"""
:root{color-scheme:light dark;--fg:#1c1c1e;--bg:#fff;--muted:#55555c;--line:#c7c7cc;--panel:#f5f5f7;--accent:#0a58ca;
--on-accent:#fff;--focus:#0a58ca;--error:#b3261e}
@media (prefers-color-scheme:dark){:root{--fg:#f2f2f7;--bg:#121214;--muted:#a8a8b0;--line:#48484a;--panel:#1c1c1e;
--accent:#7ab0ff;--on-accent:#0b1a33;--focus:#9cc3ff;--error:#ff8a80}}
*{box-sizing:border-box}
[hidden]{display:none!important}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header,.reference{max-width:82rem;margin:0 auto;padding:1rem clamp(.75rem,3vw,2rem)}
h1{font-size:1.5rem;margin:.25rem 0}
h2{font-size:1.1rem;margin:0 0 .5rem}
header p{margin:.25rem 0;max-width:46rem;color:var(--muted)}
code,textarea,#url{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.vh{position:absolute!important;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.skip{position:absolute;left:-999px;top:.5rem}
.skip:focus{left:.5rem;background:var(--bg);padding:.25rem .5rem}
.warn{color:var(--error)}
.layout{display:grid;gap:1rem 2rem;max-width:82rem;margin:0 auto;padding:0 clamp(.75rem,3vw,2rem);
grid-template-columns:minmax(0,1fr);grid-template-areas:"preview" "controls" "snippets"}
.preview{grid-area:preview}.controls{grid-area:controls}.snippets{grid-area:snippets}
@media (max-width:899px){.preview{position:sticky;top:0;z-index:2;background:var(--bg);padding:.25rem 0;
border-bottom:1px solid var(--line)}.preview h2,.preview .backdrop,.preview .links,.preview #url-note{display:none}
.images{padding:.4rem;max-height:30vh}.images img{max-height:calc(30vh - 2.5rem);width:auto}}
@media (min-width:900px){.preview{position:sticky;top:0}}
@media (min-width:900px){.layout{grid-template-columns:minmax(0,7fr) minmax(0,5fr);
grid-template-rows:auto 1fr;grid-template-areas:"controls preview" "controls snippets";align-items:start}}
input,select,textarea,button{font:inherit;color:inherit}
input[type=text],input[type=number],select,textarea{background:var(--bg);border:1px solid var(--line);border-radius:6px;
padding:.3rem .5rem;min-height:2.25rem;min-width:0}
input[type=text]{flex:1 1 auto;width:100%}
input[type=number]{width:100%}
input:invalid{border-color:var(--error)}
input[type=range]{flex:1 1 auto;min-width:0;accent-color:var(--accent);height:2.25rem;margin:0}
input[type=checkbox]{width:1.3rem;height:1.3rem;accent-color:var(--accent);margin:.45rem 0}
input[type=color]{flex:0 0 auto;width:2.75rem;height:2.25rem;padding:2px;border:1px solid var(--line);border-radius:6px;
background:var(--bg)}
button{flex:0 0 auto;border:1px solid var(--accent);background:var(--accent);color:var(--on-accent);border-radius:6px;
padding:.3rem .9rem;min-height:2.25rem;cursor:pointer}
fieldset{border:1px solid var(--line);border-radius:8px;margin:0 0 1rem;padding:.5rem .9rem .9rem;min-width:0}
legend{font-weight:600;padding:0 .3rem}
.params{display:grid;grid-template-columns:repeat(auto-fill,minmax(14.5rem,1fr));gap:.8rem 1.25rem}
.params legend{grid-column:1/-1}
.field{display:flex;flex-direction:column;gap:.2rem;min-width:0}
.field>label code,.count label{font-weight:600}
.field.dropped{opacity:.55}
.doc{margin:0;font-size:.8rem;color:var(--muted)}
.accepts{display:block}
.pair{display:flex;gap:.5rem;align-items:center;min-width:0}
.exact{flex:0 0 5.5rem;width:5.5rem!important}
.exact.bad{border-color:var(--error)}
.field-error{margin:0;font-size:.8rem;color:var(--error)}
.field-error:empty{display:none}
.unit{flex:0 0 auto}
.field.wide{grid-column:1/-1}
.count{display:flex;gap:.5rem;align-items:center}
.count input{width:5rem}
.rings{display:grid;grid-template-columns:repeat(auto-fill,minmax(14.5rem,1fr));gap:.25rem 1.25rem}
.ring{display:flex;gap:.5rem;align-items:center}
.ring>label{flex:0 0 3.2rem;font-size:.85rem}
.ring .pair{flex:1 1 auto}
.styles{display:flex;flex-wrap:wrap;gap:.5rem}
.choice{position:relative}
.choice input{position:absolute;inset:0;width:100%;height:100%;margin:0;opacity:0;cursor:pointer}
.styles label{display:flex;align-items:center;gap:.4rem;border:1px solid var(--line);border-radius:8px;padding:.3rem .7rem .3rem .3rem;
cursor:pointer;font-family:ui-monospace,Menlo,Consolas,monospace}
.styles input:checked+label{border:2px solid var(--accent);background:var(--panel);font-weight:600}
.styles input:focus-visible+label{outline:3px solid var(--focus);outline-offset:2px}
.images{display:flex;gap:1rem;padding:1rem;border:1px solid var(--line);border-radius:8px;background:#fff}
.images figure{margin:0;flex:1 1 0;min-width:0;display:flex;flex-direction:column;align-items:center;gap:.4rem}
.images img{max-width:100%;height:auto}
.images figcaption{font-size:.8rem;background:#fff;color:#1c1c1e;border-radius:4px;padding:0 .4rem}
.images.bg-dark{background:#000}.images.bg-grey{background:#808080}
.images.bg-checker{background:repeating-conic-gradient(#d1d1d6 0 25%,#fff 0 50%) 0 0/16px 16px}
#status{margin:.4rem 0;font-size:.9rem}
#status:empty{margin:0}
#status.error{color:var(--error);font-weight:600}
#info{margin:.4rem 0;font-size:.85rem;color:var(--muted);overflow-wrap:anywhere}
.backdrop,.urlrow{display:flex;flex-direction:column;gap:.2rem;margin:.5rem 0}
.backdrop select{align-self:flex-start}
#url{flex:1 1 auto}
.links{margin:.2rem 0;font-size:.9rem}
a{color:var(--accent)}
.snippet{margin:0 0 .8rem}
.snippet-head{display:flex;justify-content:space-between;align-items:center;gap:.5rem;margin-bottom:.2rem}
.snippet-head label{font-weight:600}
textarea{display:block;width:100%;font-size:.8rem;resize:vertical;overflow:hidden}
.hint{font-size:.85rem;color:var(--muted)}
.reference details{margin:.3rem 0}
.reference summary{cursor:pointer;font-weight:600;padding:.25rem 0}
.scroll{overflow-x:auto}
table{border-collapse:collapse;font-size:.85rem}
th,td{border-top:1px solid var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}
"""#
}
