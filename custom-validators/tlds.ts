// Top-level domains that exist, so that an address at `firma.de` or `koulu.edu`
// is never "corrected" towards .fi or .com. All delegated two-letter country
// codes, plus the generic TLDs that sit within a couple of edits of com, net,
// org, fi, eu or se. Typing errors land on non-existent TLDs (`con`, `fii`) far
// more often than on real ones.
const COUNTRY_CODES =
  'ac ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo bq br bs bt bw by bz ' +
  'ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg er es et eu fi fj fk fm ' +
  'fo fr ga gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is it ' +
  'je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mg mh mk ml mm mn ' +
  'mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps ' +
  'pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sk sl sm sn so sr ss st su sv sx sy sz tc td tf tg th tj ' +
  'tk tl tm tn to tr tt tv tw tz ua ug uk us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw';

const GENERIC =
  'com net org edu gov mil int info biz name pro mobi aero asia coop jobs museum travel app dev art bet bio ' +
  'cab cafe cam car cat ceo eat eus fit fun moe new ngo one ong ooo pet sex ski spa tel top vet xyz ' +
  'blog cloud email online shop site store tech';

const KNOWN: ReadonlySet<string> = new Set(`${COUNTRY_CODES} ${GENERIC}`.split(' '));

export function isKnownTld(tld: string): boolean {
  return KNOWN.has(tld.toLowerCase());
}
