"""The line that says who is thinking: on a slow device (Chromium's CPU slowed twentyfold,
as on a cheap phone) a bot's thought runs past the moment the page names the thinker, in a
line over the bottom edge that moves nothing on the table, and the line goes once the
thought is done. (A hint thought in slices past that moment says "Looking for a hint…" by
the same code; on this machine at full speed the bots answer before the line shows.)"""

from settings_scripts import settings_script

from cardtable.engine.registry import GAMES

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DEAL = "#/rentz?seed=thinking&players=3&seats=human,strong,strong&practice=queens"
# Every text the thinking line showed, in order, and whether it ever took room on the page.
RECORD = """window.__thinking = [];
new MutationObserver(() => {
  const line = document.querySelector('#app > .thinking');
  if (line && !line.hidden) {
    const said = line.textContent, last = window.__thinking[window.__thinking.length - 1];
    if (said !== last) window.__thinking.push(said);
    window.__floats = getComputedStyle(line).position === 'fixed'
      && getComputedStyle(line).pointerEvents === 'none';
  }
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});"""
MY_CARD = ("(v => v && v.current === 0 && !v.over && v.legal.length && v.legal[0][1])"
           "(window.cardtable.view())")


def test_a_slow_thought_names_its_thinker_and_goes_when_done(new_page, site, open_app,
                                                            wait_until):
    page = new_page(**PHONE)
    page.context.add_init_script(settings_script(pace="fast", tours_seen=list(GAMES)))
    page.context.add_init_script(RECORD)
    open_app(page, site.link(DEAL))
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 20})
    for _ in range(3):  # up to three of my cards, until a bot's answer was slow enough
        card = wait_until(page, MY_CARD, 120_000)
        page.click(f'[data-action="rentz-play"][data-card="{card}"]')
        wait_until(page, MY_CARD, 120_000)
        said = page.evaluate("window.__thinking")
        if {"Bot 2 is thinking…", "Bot 3 is thinking…"} & set(said):
            break
    assert {"Bot 2 is thinking…", "Bot 3 is thinking…"} & set(said), said
    assert page.evaluate("window.__floats") is True
    assert page.evaluate("document.querySelector('#app > .thinking').hidden") is True
