#!/usr/bin/python3
"""Imitates a screen reader (Orca reads applications the same way): walks the AT-SPI desktop with pyatspi (libatspi),
finds the application named HeroBridge (or the one `--app NAME`, given first, names: "HeroBridge Catalog") on the
accessibility bus of this session, and prints what it finds as one JSON line. Commands:
  tree               the application: its frame's children (role, name), the list's items (name, description,
                     actions) and the entry's text, character count and caret (Text), when it has one
  action NAME ACTION does ACTION of the item named NAME (DoAction), prints whether it was done
  select NAME        listens for focus: and object:state-changed:focused, selects the item named NAME through the
                     list's Selection interface, and prints the events that came until focus: for that item (60 s
                     at most: a hang guard)
  listen NAME        listens for the same events, prints "listening" once the listeners are registered, and then
                     the events that came until focus: for the item named NAME (the window's own keys move the
                     selection meanwhile; 60 s at most: a hang guard)
  listen-text TEXT   listens for object:text-changed:insert/delete, object:text-caret-moved and focus:, prints
                     "listening" once registered, then the events that came until the caret moved to the end of
                     TEXT (its length) in an object whose text is TEXT (60 s at most: a hang guard)
  extents            the screen extents (Component.GetExtents, DESKTOP_COORDS) of the frame, its children and the
                     list's first item, and which of the frame's children is at the middle of each
                     (GetAccessibleAtPoint)
Exit status 3 when no such application is on the desktop."""
import json
import sys

import pyatspi
from gi.repository import GLib


def application(wanted):
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and app.name == wanted:
            return app
    print(json.dumps({"error": "no %s application on the desktop" % wanted}))
    sys.exit(3)


def favorites_list(app):
    frame = app.getChildAtIndex(0)
    for index in range(frame.childCount):
        child = frame.getChildAtIndex(index)
        if child.getRole() == pyatspi.ROLE_LIST:
            return frame, child
    return frame, None


def items(lst):
    return [lst.getChildAtIndex(i) for i in range(lst.childCount)]


def describe(app):
    frame, lst = favorites_list(app)
    out = {"app": app.name, "appRole": app.getRoleName(), "frame": frame.name, "frameRole": frame.getRoleName(),
           "children": [[c.getRoleName(), c.name] for c in (frame.getChildAtIndex(i) for i in range(frame.childCount))],
           "items": []}
    for item in items(lst) if lst is not None else []:
        action = item.queryAction()
        out["items"].append({"name": item.name, "role": item.getRoleName(), "description": item.description,
                             "actions": [action.getName(i) for i in range(action.nActions)]})
    for child in (frame.getChildAtIndex(i) for i in range(frame.childCount)):
        if child.getRole() == pyatspi.ROLE_ENTRY:
            text = child.queryText()
            out["entry"] = {"name": child.name, "text": text.getText(0, -1), "characterCount": text.characterCount,
                            "caretOffset": text.caretOffset,
                            "focused": child.getState().contains(pyatspi.STATE_FOCUSED)}
    return out


def extents(app):
    frame, lst = favorites_list(app)
    shown = [frame] + [frame.getChildAtIndex(i) for i in range(frame.childCount)]
    if lst is not None and lst.childCount > 0:
        shown.append(lst.getChildAtIndex(0))
    out = {"objects": []}
    for obj in shown:
        box = obj.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        middle = (box.x + box.width // 2, box.y + box.height // 2)
        at = frame.queryComponent().getAccessibleAtPoint(middle[0], middle[1], pyatspi.DESKTOP_COORDS)
        out["objects"].append({"role": obj.getRoleName(), "name": obj.name, "extents": [box.x, box.y, box.width, box.height],
                               "atMiddle": at.name if at is not None else None})
    return out


def item_named(lst, name):
    for index, item in enumerate(items(lst)):
        if item.name == name:
            return index, item
    print(json.dumps({"error": "no item named %s" % name}))
    sys.exit(4)


def do_action(app, name, wanted):
    _, lst = favorites_list(app)
    _, item = item_named(lst, name)
    action = item.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    print(json.dumps({"done": bool(action.doAction(names.index(wanted)))}))


def select(app, name):
    _, lst = favorites_list(app)
    index, _ = item_named(lst, name)
    events = []
    listening = [False]

    def heard(event):
        source = event.source.name if event.source is not None else None
        events.append({"type": event.type, "source": source, "detail1": event.detail1})
        if event.type.startswith("focus") and source == name and listening[0]:
            pyatspi.Registry.stop()

    pyatspi.Registry.registerEventListener(heard, "focus:", "object:state-changed:focused",
                                           "object:active-descendant-changed", "object:selection-changed")
    selected = lst.querySelection().selectChild(index)
    # The events may all have been handled during the blocking call already; only then is there nothing to wait for.
    if not any(e["type"].startswith("focus") and e["source"] == name for e in events):
        listening[0] = True
        GLib.timeout_add_seconds(60, lambda: pyatspi.Registry.stop())
        pyatspi.Registry.start()
    print(json.dumps({"selected": bool(selected), "events": events}))


def listen(name):
    events = []

    def heard(event):
        source = event.source.name if event.source is not None else None
        events.append({"type": event.type, "source": source, "detail1": event.detail1})
        if event.type.startswith("focus") and source == name:
            pyatspi.Registry.stop()

    pyatspi.Registry.registerEventListener(heard, "focus:", "object:state-changed:focused",
                                           "object:active-descendant-changed", "object:selection-changed")
    # The registration is a round trip to the registry, done by now: whatever the keys cause next is heard.
    print("listening", flush=True)
    GLib.timeout_add_seconds(60, lambda: pyatspi.Registry.stop())
    pyatspi.Registry.start()
    print(json.dumps({"events": events}))


def listen_text(wanted):
    events = []

    def heard(event):
        source = event.source.name if event.source is not None else None
        data = event.any_data if isinstance(event.any_data, str) else None
        events.append({"type": event.type, "source": source, "detail1": event.detail1, "detail2": event.detail2,
                       "data": data})
        if event.type.startswith("object:text-caret-moved") and event.detail1 == len(wanted) \
                and event.source.queryText().getText(0, -1) == wanted:
            pyatspi.Registry.stop()

    pyatspi.Registry.registerEventListener(heard, "focus:", "object:text-changed:insert", "object:text-changed:delete",
                                           "object:text-caret-moved")
    print("listening", flush=True)
    GLib.timeout_add_seconds(60, lambda: pyatspi.Registry.stop())
    pyatspi.Registry.start()
    print(json.dumps({"events": events}))


def main():
    arguments = sys.argv[1:]
    wanted = "HeroBridge"
    if arguments[0] == "--app":
        wanted, arguments = arguments[1], arguments[2:]
    sys.argv = [sys.argv[0]] + arguments
    command = arguments[0]
    if command == "listen-text":
        listen_text(arguments[1])
        return
    app = application(wanted)
    if command == "tree":
        print(json.dumps(describe(app)))
    elif command == "action":
        do_action(app, sys.argv[2], sys.argv[3])
    elif command == "select":
        select(app, sys.argv[2])
    elif command == "listen":
        listen(sys.argv[2])
    elif command == "extents":
        print(json.dumps(extents(app)))


main()
