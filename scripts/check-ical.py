#!/usr/bin/env python3
"""Reads an iCalendar file (argument, or stdin) with the Python `icalendar` library and fails on any
warning or error: the check `make test` runs on the portal's calendar feed (spec §2 Calendar feed).

Prints one line per event: UID, SEQUENCE, STATUS, DTSTART (ISO, with its zone), SUMMARY.
"""
import sys
import warnings

import icalendar


def main() -> int:
    data = open(sys.argv[1], "rb").read() if len(sys.argv) > 1 else sys.stdin.buffer.read()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        calendar = icalendar.Calendar.from_ical(data)
        zones = [str(tz["TZID"]) for tz in calendar.walk("VTIMEZONE")]
        print("VTIMEZONE", ",".join(zones))
        for component in calendar.walk():
            if component.errors:
                print(f"{component.name}: {component.errors}", file=sys.stderr)
                return 1
        for event in calendar.walk("VEVENT"):
            start = event.decoded("DTSTART")
            end = event.decoded("DTEND")
            if start.tzinfo is None or end <= start:
                print(f"bad times in {event['UID']}: {start} {end}", file=sys.stderr)
                return 1
            print(
                "VEVENT",
                str(event["UID"]),
                int(event.get("SEQUENCE", 0)),
                str(event.get("STATUS", "")),
                start.isoformat(),
                str(event["SUMMARY"]),
                sep="\t",
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
