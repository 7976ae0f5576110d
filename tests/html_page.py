"""A small HTML reader for render tests: every element with its attributes, its text and
its child elements, found by tag, class and attributes."""

from html.parser import HTMLParser


class Element:
    def __init__(self, tag, attrs):
        self.tag, self.attrs, self.text, self.children = tag, dict(attrs), "", []

    @property
    def classes(self):
        return (self.attrs.get("class") or "").split()


class Page(HTMLParser):
    """Every element of a piece of HTML, with its attributes, all the text inside it and
    its child elements."""

    VOID = {"input", "br", "img", "path", "meta", "link"}

    def __init__(self, html):
        super().__init__()
        self.elements, self.open = [], []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        element = Element(tag, attrs)
        if self.open:
            self.open[-1].children.append(element)
        self.elements.append(element)
        if tag not in self.VOID:
            self.open.append(element)

    def handle_startendtag(self, tag, attrs):
        element = Element(tag, attrs)
        if self.open:
            self.open[-1].children.append(element)
        self.elements.append(element)

    def handle_endtag(self, tag):
        while self.open and self.open.pop().tag != tag:
            pass

    def handle_data(self, data):
        for element in self.open:
            element.text += data

    def find(self, tag=None, cls=None, **attrs):
        """Elements with this tag, class and attributes (``data_card=7`` → data-card="7")."""
        wanted = {k.replace("_", "-"): str(v) for k, v in attrs.items()}
        return [e for e in self.elements
                if (tag is None or e.tag == tag) and (cls is None or cls in e.classes)
                and all(e.attrs.get(k) == v for k, v in wanted.items())]

    def one(self, tag=None, cls=None, **attrs):
        """The only element that :meth:`find` finds; fails the test otherwise."""
        found = self.find(tag, cls, **attrs)
        assert len(found) == 1, (tag, cls, attrs, len(found))
        return found[0]


def screen_html(screen) -> str:
    """The whole app for a controller's screen, as the page draws it: the menu, the live
    regions and the screen."""
    from cardtable.web.render import menu_html, messages_html, screen_html as body

    return menu_html(screen) + messages_html(screen.messages) + body(screen)
