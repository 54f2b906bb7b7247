"""State: turns, saved chats and feedback in, kept per owner in one local SQLite file out.

`db` opens the file (in `Settings.state_dir`); `conversations` keeps saved chats per owner
(turns with the ids of the papers they cited); `feedback` keeps thumbs up/down with what was
asked, answered and cited, and exports them as dev-set candidates.
"""
