# The web pages (English): the lobby and the pages of every seat. Placeables take the server's
# own words for squares, pieces and colours (announce.ftl, server.ftl).

## Every page

web-skip = Skip to the main content
web-language-menu = Language
web-lang-self = English
web-lang-name = { $lang ->
    [de] German
    [tr] Turkish
   *[en] English
}
web-white = White
web-black = Black
web-send = Send
web-cancel = Cancel
web-cancelled = Cancelled.
web-confirm-yes = Yes, do it
web-failed = That did not work. Please try again.
web-not-offered = The server does not offer this yet.
web-settings = Settings
web-log-heading = Messages
web-board-heading = Board
web-clocks = Clocks
web-scoresheet = Scoresheet
web-move-number = Move
web-promotion-heading = Promote the pawn to
web-players = { $white } against { $black }
web-seat-name = { $seat ->
    [white] White
    [black] Black
    [white_assistant] White's assistant
    [black_assistant] Black's assistant
    [arbiter] Arbiter
   *[spectator] Spectator
}
web-piece = { $color ->
    [white] white
   *[black] black
} { $role ->
    [king] king
    [queen] queen
    [rook] rook
    [bishop] bishop
    [knight] knight
   *[pawn] pawn
}
web-square-piece = { $square } { $piece }
web-square-empty = { $square } empty
web-move-line = { $number }, { $color }: { $move }.
web-status-turn = { $color } to move.
web-status-paused = The game is paused.
web-status-over = The game is over: { $result }.
web-bad-link = This link does not name a game and a seat. Please open the link you were given.
web-connected = Connected.
web-conn-lost = The connection was lost; connecting again.
web-conn-replaced = This seat was opened in another window; this page no longer receives moves.
web-speech-on = The browser will speak.
web-speech-off = The browser is silent.

## Lobby

web-lobby-title = New game
web-lobby-intro = Set up a game, then hand every seat its own link. Whoever has a link has that seat.
web-lobby-time = Time control
web-lobby-base = Minutes per player
web-lobby-increment = Seconds added per move
web-lobby-white = White
web-lobby-black = Black
web-lobby-name = Name
web-lobby-vi = Visually impaired
web-lobby-board = Board
web-lobby-board-normal = Normal board
web-lobby-board-tactile = Tactile board
web-lobby-assistant = With an assistant
web-lobby-language = Language
web-lobby-assistant-language = Assistant's language
web-lobby-others = Arbiter and spectators
web-lobby-arbiter-language = Arbiter's language
web-lobby-spectator-language = Spectators' language
web-lobby-create = Create the game
web-lobby-links = Seat links
web-lobby-links-hint = Give each person only his own link: the link is the seat.
web-game-created = Game { $id } is ready.
web-link-label = { $seat }: { $name } ({ $lang })
web-copy = Copy
web-copy-link = Copy the link for { $seat }
web-copied = Link for { $seat } copied.
web-copy-failed = The browser did not allow copying; select the link instead.

## The visually impaired player's page

web-vi-title = Your game
web-vi-command-heading = Moves and commands
web-vi-command-label = Move or command
web-vi-command-hint = help lists the commands.
web-vi-listen = Speak a move
web-vi-listen-missing = This browser cannot listen; type your moves instead.
web-vi-board-hint = help board lists the keys.
web-vi-speak = Speak answers with the browser's voice
web-vi-ready = You play { $color }.
web-cmd-help = help
web-cmd-time = time clock
web-cmd-last = last
web-cmd-again = again repeat
web-cmd-pieces = pieces
web-cmd-rank = rank
web-cmd-file = file
web-cmd-square = square
web-cmd-turn = turn who
web-cmd-draw = draw
web-cmd-resign = resign
web-cmd-claim = claim
web-cmd-adjust = adjust
web-cmd-correct = correct
web-cmd-board = board
web-cmd-yes = yes y
web-cmd-claim-repetition = repetition threefold
web-cmd-claim-fifty = fifty 50
web-cmd-claim-time = time flag
web-help = Type your move as you would announce it, for example knight f3; the answers appear under Messages. Help has these topics: moves, clock, board, game, tactile, computer. Type for example help clock.
web-say-draw-standing = { $mine ->
    [yes] Your draw offer stands.
   *[no] Your opponent offers a draw.
}
web-say-check = { $color } is in check.
web-say-who = You play { $color } against { $opponent }.
web-help-tactile = With boards of your own: lift e2, place e4, remove d5 for your tactile board (on the board: L, P and X). status: what your move still needs, and which move of your opponent you still have to make on it. press: press the clock.
web-cmd-help-tactile = tactile lift place status
web-help-game = who: who plays whom, whose move it is, check and a draw offer. draw: offer a draw or accept the offer. resign. claim repetition, claim fifty, perhaps with the move you intend, or claim time. Answer each question yes or no; a move typed instead is played. When the arbiter adjourns the game and you seal: seal and your move, then stop.
web-cmd-help-game = game draw resign
web-help-board = pieces, or pieces white knight: where the pieces stand. rank 3, file e, square e four: what stands there. board, or board e4: go to the board; Escape comes back here. captured: the pieces each side has lost, and the material. moves knight, moves e2: the legal moves of a piece or from a square. On the board: arrow keys square by square; K Q R B N P to a piece; 1 to 8 to a rank, Shift and 1 to 8 to a file; M the moves from the square, Shift M the captures; A the pieces around it; O the square; Z the last move, Shift Z the last capture; C the time; comma and full stop one move back and on, with Shift to the start and to the current position.
web-cmd-help-board = board pieces square
web-help-clock = time: the clocks and the number of moves, from the server's talking clock. warnings on, warnings off: time warnings at 5 minutes, 1 minute and 10 seconds.
web-cmd-help-clock = clock time
web-help-moves = Type your move as you would announce it, for example knight f3. A move typed while your opponent is to move is kept and played as soon as it is your turn: premove says it, premove cancel drops it. correct, then the move: corrects your announcement. adjust: you adjust a piece. last, or last 3: the last moves. again: your opponent's last move. captures on, captures off: moves said with or without the piece captured (king takes queen d8). How moves are said (short, with the origin square, SAN, NATO) is chosen in the settings.
web-cmd-help-moves = moves move announce
web-help-which = There is no help on { $word }. The topics: moves, clock, board, game, tactile, computer.
web-question-lapsed = The question lapsed; what you typed is done instead.
web-cmd-no = no n
web-say-no-moves = No move has been made yet.
web-say-no-opponent-move = Your opponent has not moved yet.
web-say-pieces = { $color }, { $piece }: { $squares }.
web-say-none = none
web-say-rank = Rank { $rank }: { $squares }.
web-say-file = File { $file }: { $squares }.
web-say-line-empty = empty
web-say-which-rank = Which rank? For example: rank 3.
web-say-which-file = Which file? For example: file e.
web-say-which-square = Which square? For example: square e4.
web-say-unknown-word = I do not know the word { $word } here.
web-say-turn = { $mine ->
    [yes] Your move, { $color }.
   *[no] { $color } to move.
}
web-say-correct-how = Say correct, followed by the move you meant.
web-say-which-claim = Which claim? claim repetition, claim fifty or claim time; a move you have written but not played may follow.
web-confirm-draw = Offer a draw? Type yes to confirm, no to cancel.
web-confirm-resign = Resign the game? Type yes to confirm, no to cancel.
web-confirm-claim = { $claim ->
    [repetition] Claim a draw by threefold repetition?
    [fifty_moves] Claim a draw by the fifty-move rule?
   *[time] Claim the game on time?
} Type yes to confirm; anything else cancels.
web-confirm-accept-draw = Your opponent offers a draw. Accept it? Type yes to accept; anything else leaves the offer open.
web-selected = Picked up: { $square }.
web-deselected = Put back.
web-board-edge = Edge of the board.
web-listening = Listening.
web-heard = Heard: { $text }.
web-heard-nothing = Nothing was heard.
web-mic-failed = The microphone did not work ({ $reason }).

## The sighted player's, the assistant's and the arbiter's pages

web-board-title = The board
web-board-hint = Click a piece and then its square, or drag it. With the keyboard: arrow keys, then Enter on the piece and Enter on the square.
web-announced-heading = Announced move
web-announced-full = { $color }: { $move } ({ $san })
web-repeat = Repeat (R)
web-repeated = Again: { $move }.
web-draw-heading = Draw offer
web-draw-accept = Accept the draw
web-draw-decline = Decline
web-actions = Your game
web-act-offer = Offer a draw
web-act-resign = Resign
web-act-claim-time = Claim on time
web-act-confirm = { $action ->
    [offer] Offer a draw? It cannot be taken back.
    [resign] Resign the game?
   *[time] Claim the win because your opponent's flag has fallen?
}
web-lobby-rules = Rules
web-lobby-edition = Laws of Chess
web-lobby-edition-2023 = FIDE Laws of 2023 (Appendix D)
web-lobby-edition-seed = Earlier FIDE Laws (Appendix F)
web-lobby-flag = When a flag falls
web-lobby-flag-automatic = The server ends the game
web-lobby-flag-claim = The opponent must claim the win
web-lobby-failover = When the server comes back after an outage
web-lobby-failover-pause = The game waits for the arbiter
web-lobby-failover-continue = The game goes on at once, the outage not counted
web-speak-moves = Speak the opponent's moves
web-seat-ready = Connected as { $seat }.
web-assistant-title = Assistant
web-assistant-announce = Announce a move
web-assistant-command-label = Move in words or notation
web-assistant-command-hint = For example knight f3, Nf3 or g1 f3. The move is played for your player.
web-arbiter-title = Arbiter
web-arbiter-game = The game
web-time-control = { $base }, plus { $increment ->
    [one] one second
   *[other] { $increment } seconds
} per move.
web-seat-line = { $seat }: { $name }, { $lang }{ $vi ->
    [yes] , visually impaired
   *[no] {""}
}
web-seat-line-assistant = { $seat }, assisting { $name }: { $lang }
web-arbiter-controls = Arbiter's controls
web-arbiter-pause = Pause the game
web-arbiter-resume = Resume the game
web-arbiter-set-clock = Set a clock
web-arbiter-clock-side = Clock
web-arbiter-minutes = Minutes
web-arbiter-seconds = Seconds
web-arbiter-set = Set the clock
web-arbiter-end = End the game
web-arbiter-result = Result
web-result-white = White wins (1-0)
web-result-black = Black wins (0-1)
web-result-draw = Draw (½-½)
web-arbiter-end-button = End the game
web-end-confirm = End the game with the result { $result }?
web-cmd-lift = lift
web-cmd-place = place put
web-cmd-remove = remove
web-cmd-press = press
web-cmd-status = status
web-cmd-warnings = warnings
web-cmd-seal = seal
web-cmd-seal-stop = stop
web-vi-seal-how = Type seal and your move, for example seal knight f3; only you hear it. Then type stop: the clock stops and the envelope is closed.
web-vi-seal-none = No sealed move is asked of you now.
web-cmd-on = on
web-cmd-off = off
web-vi-board-hint-tactile = Your tactile board: L lifts, P places, X removes. help tactile says more.
web-vi-own-board = { $kind ->
    [tactile] Your tactile board
   *[normal] Your board
}
web-not-physical = This game is played without boards of your own: announce your moves.
web-board-in-order = Your board shows the game again.
web-hand-empty = No piece is lifted.
web-press-clock = Press the clock
web-warnings = Time warnings at 5 minutes, 1 minute and 10 seconds
web-warnings-hint = Off unless you switch them on; the server says them.

## The physical procedure: the boards at the table

web-made-nothing = Your move has not begun.
web-made-ready = The move is made: press the clock.
web-made-missing = Not made yet. { $missing }
web-made-behind = First make { $color }'s move on your board: { $move }.
web-board-matches = { $matches ->
    [yes] It shows the game.
   *[no] It does not show the game.
}
web-board-shows = { $shows ->
    [behind] { $color }'s last move is still to be made on it.
   *[moving] The move is being made on it.
}
web-made-behind-assistant = First make { $color }'s move on { $board }'s board: { $move }.
web-board-hand = Lifted: { $piece } from { $square }.
web-table-board = { $color }'s board ({ $kind ->
    [tactile] tactile
   *[normal] normal
})
web-tactile-occupied = A piece stands on { $square }: take it off with X first.
web-square-lifted = { $square }, { $piece } lifted from here
web-table-heading = The boards at the table
web-table-hint = Each player's own board. Move a piece as on the board above; on a tactile board L lifts, P places, X takes a captured piece off, and Enter or a click lifts and places. T touches a piece on a normal board.
web-table-hint-view = Each player's own board, as it stands in front of him.
web-table-game = The official game
web-table-announced = Announced
web-table-obligation = Touch-move
web-table-illegal = Illegal moves
web-illegal-counts = White { $white }, Black { $black }.
web-physical-heading = At the table
web-press-clock-for = Press the clock for { $color }
web-talking-clock = Tell the time
web-warnings-for = Time warnings for my player
web-repeat-label = The move as you heard it
web-repeat-send = Repeat
web-repeat-hint = R repeats the announced move as it is shown. C presses the clock.
web-touch-label = Square of the piece the opponent touched
web-touch-report = Report the touch
web-touch-which = Name the square, for example g8.
web-arbiter-table = The table
web-arbiter-touch = Touch reported
web-arbiter-no-report = No touch is waiting for a ruling.
web-arbiter-uphold = Uphold: touch-move applies
web-arbiter-reject = Reject
web-arbiter-illegal = Illegal moves (Art. 7.4)
web-arbiter-illegal-rule = Each illegal move: the position before it is restored and the opponent gets { $penalty }; illegal move number { $limit } loses.
web-arbiter-boards = Set a board right
web-arbiter-restore-hint = Sets the board to the game's position (F8 / D.2.9); only when it does not show the game.
web-arbiter-restore-white = Set White's board right
web-arbiter-restore-black = Set Black's board right
web-lobby-procedure = Procedure
web-lobby-procedure-digital = Moves on the screen
web-lobby-procedure-physical = Boards at the table (Appendix)
web-lobby-procedure-hint = With boards at the table each player has his own board: pieces are lifted and placed, touch-move applies, announced moves are repeated and the clock is pressed.
web-lobby-start = Start position
web-lobby-fen = Position in FEN (optional)
web-lobby-fen-hint = Leave it empty to start from the initial position. Otherwise write the position as FEN, six parts separated by spaces: the pieces rank by rank from the 8th rank down, ranks separated by slashes, in English letters (K Q R B N P, capitals for White, small letters for Black, a digit for empty squares); who is to move (w or b); the castling rights (KQkq or -); the en passant square (or -); the half-moves for the fifty-move rule; the move number. For example: 7k/8/8/8/8/8/5PPP/3Q1RK1 b - - 0 40
web-lobby-token = Organiser's token (optional)
web-lobby-token-hint = Needed only if the server runs with --require-token: the admin token from the data directory, or the arbiter token of one of your games.

## The arbiter's desk: diverging boards, scoresheets, exports, adjournment

web-desk-heading = The desk
web-desk-divergence = Diverging boards
web-desk-no-case = The boards agree; no case is open.
web-desk-difference = { $board }'s board, { $square }: { $found } there, { $expected } in the game.
web-desk-empty = empty
web-desk-compare = Compare the boards
web-desk-reconcile = Rule by the scoresheets
web-desk-override-ply = Half-moves to keep
web-desk-override = Override: back to that position
web-desk-override-hint = Takes the game and both boards to the position after that many half-moves; the clocks return to their readings there.
web-assist-time-hint = Claims a win on time for your player when his opponent's flag has fallen (D.2.10.5).
web-keep-sheet-heading = Keeping the scoresheet
web-keep-sheet-hint = Write the move as the player would, in his language; writing the same move again corrects it. Strike crosses the entry out.
web-keep-side = Whose move
web-keep-entry = Entry
web-keep-draw = With a draw offer (=)
web-keep-write = Write
web-keep-strike = Strike out
web-keep-number-needed = Enter the move number.
web-keep-entry-needed = Enter the move to write.
web-own-sheet = The player's scoresheet as written
web-own-sheet-brf = This scoresheet in Braille (BRF)
web-attention-heading = Needs the arbiter
web-attention-none = Nothing waits for you.
web-attention-touch = A touch report waits for your ruling.
web-attention-case = The boards differ: rule on the case.
web-attention-adjourn = An adjournment is called: the sealed move is being written.
web-attention-adjourned = The game is adjourned: open the sealed move at the resumption.
web-attention-paused = The game is paused: resume it when play may go on.
web-incidents-heading = Incident record
web-incidents-none = No incidents yet.
web-export-pgn-incidents = PGN with the incident record
web-export-incidents = Incident record (text)
web-desk-undo = Undo the last ruling
web-desk-ruling-yes = Apply the ruling
web-desk-override-empty = Enter the number of half-moves to keep.
web-desk-step = { $board }: { $text }
web-desk-steps = Steps to put the boards right
web-desk-log = How it was decided
web-desk-sheets = Scoresheets
web-desk-exports = Exports
web-export-pgn = The game (PGN)
web-export-sheet-white = White's scoresheet (text)
web-export-sheet-black = Black's scoresheet (text)
web-export-brf-white = White's scoresheet (Braille, BRF)
web-export-brf-black = Black's scoresheet (Braille, BRF)
web-export-done = Downloaded { $name }.
web-desk-adjournment = Adjournment
web-desk-no-adjournment = The game is not adjourned.
web-desk-adjourn-called = Adjournment called: { $color } writes the sealed move, then stops the clock.
web-desk-adjourned = The game is adjourned; the envelope is closed.
web-desk-resume-at = Play resumes at (optional)
web-desk-adjourn = Adjourn the game
web-desk-open-sealed = Open the sealed move
web-envelope-status = Envelope
web-envelope-state = { $status ->
    [opened] opened
   *[sealed] sealed
}
web-envelope-sealer = Sealed move
web-envelope-move = { $color }, move { $number }
web-envelope-times = Time left
web-envelope-clocks = White { $white }, Black { $black }
web-envelope-sealed = The move in the envelope
web-envelope-resume = Play resumes
web-seal-heading = The sealed move
web-seal-now = The game is being adjourned: write your sealed move (only you see it), then stop the clock.
web-seal-written = Written: { $move }. You may change it until you stop the clock.
web-seal-label = Sealed move
web-seal-write = Write it
web-seal-stop = Stop the clock and seal
web-seal-hint = Write it in { $color }'s language ({ $lang }), or as squares: g1 f3.
web-table-game-hint = The game as the server keeps it. Moves are made on the boards at the table below; arrow keys and Enter say what stands here.

## Issue 15, the pages: connection, end of game, board keys, earcons, lobby

web-conn-back = Connected again.
web-conn-still-down = Still no connection; trying again.
web-conn-lost-answer = The connection broke before the answer came. As soon as it is back, you hear what happened.
web-not-sent-offline = Not sent: the connection is lost. You will hear when it is back; then please try again.
web-clocks-now = The clocks now: White { $white }, Black { $black }.
web-final-clocks = The clocks at the end: White { $white }, Black { $black }.
web-meanwhile = Meanwhile: { $text }
web-square-picked = { $square }, picked up
web-board-no-piece = Not on the board: { $piece }.
web-piece-on = { $piece } { $square }
web-vi-pieces-line = { $color }: { $pieces }.
web-vi-end-heading = End of the game
web-vi-clocks-hint = The command time says the time (the server's talking clock, which records it).
web-vi-pieces-heading = Pieces
web-vi-moves-heading = Moves
web-vi-act-draw = Offer or accept a draw
web-vi-actions-hint = Draw and resign ask on the command line: confirm with yes.
web-vi-earcons = Sounds
web-vi-earcons-hint = Short tones for the opponent's move, check, the edge of the board, picking up a piece, the end of the game and the connection.
web-vi-help-heading = Help
web-vi-help-commands-heading = Commands
web-vi-help-board-heading = Keys on the board
web-vi-help-key-arrows = Arrow keys: square by square; Home and End: the ends of the rank; Page Up and Page Down: the ends of the file.
web-vi-help-key-pieces = K king, Q queen, R rook, B bishop, N knight, P pawn: to your next piece of that kind; with Shift, your opponent's. On your own tactile board P places the piece; find pawns there with the command pieces.
web-vi-help-key-ranks = 1 to 8: to that rank on the same file.
web-vi-help-key-scan = S: read the square's rank; Shift and S: its file.
web-vi-help-key-enter = Enter or Space: pick a piece up, then move it on the square it goes to.
web-vi-help-key-escape = Escape: put the piece back, else back to the command line.
web-vi-help-sounds-heading = Sounds
web-vi-help-sounds = A short double tone: your opponent moved; three tones: check; a low tone: the edge of the board; a high one: a piece picked up; falling: the end of the game or the connection lost; rising: connected again. They can be turned off in the settings.
web-vi-help-connection-heading = Connection
web-vi-help-connection = The page checks the connection every second. If it breaks, you hear it within a few seconds without pressing a key; while it is down no move is sent and played later: you hear that it was not sent. When it is back you hear so, with the position and the clocks.
web-page-name = { $page ->
    [vi] page for visually impaired players
    [board] board page
    [assistant] assistant's page
    [arbiter] arbiter's page
   *[spectator] spectators' board page
}
web-link-page = { $seat }: { $page } ({ $lang })
web-link-page-named = { $seat }, { $name }: { $page } ({ $lang })
web-lobby-field-error = { $field }: { $problem }
web-lobby-field-in = { $group }, { $field }
web-lobby-number-range = Please enter a number from { $min } to { $max }.
web-lobby-field-refused = This value is not accepted.
web-lobby-name-refused = A name is one line of text, at most 100 characters.
## The round desk (issue 18): a new round, its seat links, every board at once

web-lobby-round-link = Running a round of an event? Create every board at once from the pairings.
web-round-new-title = New round
web-round-new-intro = Create every game of a round from its pairings: type one board a line, or choose the tournament's TRF file. You get a printable sheet of seat links per board and the round desk, where one arbiter token opens every board.
web-round-event = Event
web-round-event-name = Event name
web-round-event-site = Site
web-round-number = Round
web-round-lang = Language of the round (arbiter, spectators, players without one)
web-round-pairings = Pairings
web-round-pairings-list = Pairings list, one board a line
web-round-pairings-hint = Seven fields separated by “;”: board; White; FIDE id; options; Black; FIDE id; options. Options: vi (visually impaired), assistant, tactile, normal, and a language de, tr or en. Example: 1;Anna Weiss;4600001;vi assistant de;Ben Kraus;;en
web-round-trf = Or a TRF file (FIDE TRF16)
web-round-trf-hint = The round above is read from the file's player lines; lines “XVI starting-rank options” mark visually impaired players. A chosen file is used instead of the list.
web-round-create = Create the round
web-round-created = Seat links: { $event }, round { $round }
web-round-desk-hint = Keep the round desk's link to yourself: its token opens every board's arbiter seat. It is shown only now.
web-round-desk-open = Open the round desk
web-round-print = Print the seat links
web-round-sheet-heading = Board { $board }: { $white } against { $black }
web-round-qr = QR code of the link for { $seat }
web-round-desk-title = Round desk
web-round-name = { $event }, round { $round }, { $site }
web-round-alerts = Needs the arbiter
web-round-no-alerts = Nothing needs the arbiter.
web-round-alert-count = ({ $count } open)
web-round-paused-why = paused: { $reason ->
    [arbiter] stopped by the arbiter
    [touch] a touch report waits for the ruling
    [boards_differ] the boards differ
    [adjourned] adjourned
   *[restart] the server restarted
}
web-round-history = Closed alerts
web-round-history-show = Show the closed alerts
web-round-no-history = No alert has closed yet.
web-round-history-count = ({ $count })
web-round-alerts-all = Show all { $count } open alerts
web-round-alerts-fewer = Show the first three open alerts only
web-round-alert-closed = Closed at { $time }.
web-round-alert-cleared = Cleared by you at { $time }.
web-round-alert-done = Done
web-round-alert-done-label = Done: { $text }
web-round-all = Every board
web-round-pause-all = Pause every board
web-round-resume-all = Resume every board
web-round-paused = { $done } of { $total } boards paused.
web-round-resumed = { $done } of { $total } boards resumed.
web-round-results = Results for the pairing program
web-round-results-hint = The round's results as the pairing program reads them back: TRF lines (a round read from a TRF file: each player's starting rank, opponent, colour and result in this round's columns; games still in play are left out) or a list (board, White, Black, result).
web-round-results-trf = Download the results as TRF
web-round-results-csv = Download the results as a list (CSV)
web-round-incidents = Download the round's incident record (every board's report to sign)
web-round-time-kind = Time control
web-round-time-simple = Minutes for the game and seconds a move (below)
web-round-time-fide = FIDE classical: 90 minutes for 40 moves, then 30 minutes, 30 seconds a move from move 1
web-round-time-hint = The FIDE classical control adds 30 minutes after move 40; the minutes and seconds below count only for the other choice.
web-round-origin = Address of the links
web-round-origin-hint = Where the printed links and QR codes lead: the address the players' devices reach this server at (not 127.0.0.1 or localhost). It is the address this page was opened on unless you change it.
web-round-links = Seat links issued again
web-round-links-hint = hamle keeps no seat link after the round's creation, only a fingerprint of it. For a lost sheet or a closed page, issue the seat's link again: the old link stops working at once (a page open with it closes), and the incident record of the board's game keeps a line. Print the sheet with the new links.
web-round-links-board = Board
web-round-links-seat = Seat
web-round-links-all = Every seat of the board
web-round-links-issue = Issue new links
web-round-links-question = { $all ->
    [yes] Issue new links for every seat of board { $board }? Every old link of that board stops working at once.
   *[no] Issue a new link for { $seat } on board { $board }? The old link stops working at once.
}
web-round-links-yes = Issue them
web-round-links-done = { $count ->
    [one] Board { $board }: one new link issued. The sheet is below.
   *[other] Board { $board }: { $count } new links issued. The sheet is below.
}
web-round-links-print = Print this sheet
web-sheet-event = { $event }, round { $round }, board { $board }
web-sheet-player-fide = { $name } (FIDE { $fide })
web-round-not-done = Board { $board }: { $message }
web-round-boards = Boards
web-round-col-board = Board
web-round-col-status = Status
web-round-col-white-clock = White's clock
web-round-col-black-clock = Black's clock
web-round-col-last = Last move
web-round-col-desk = Desk
web-round-desk-of = Board { $board }'s desk
web-round-player-vi = { $name } (visually impaired)
web-round-status = { $status ->
    [waiting] waiting for the start
    [playing] playing
    [paused] paused
    [over] over, { $result }
   *[gone] removed (never started)
}
web-round-last = { $color ->
    [white] { $number }. { $san }
   *[black] { $number }… { $san }
}
web-round-connected = Following { $boards } boards; { $open ->
    [0] nothing needs the arbiter.
    [one] one alert open.
   *[other] { $open } alerts open.
}
web-round-reconnecting = Connection lost; connecting again…
web-round-no-link = This page needs the round desk's link, with the round and its token.

## Issue 15: the legal moves, the pieces lost, the captured piece in a move's words
web-cmd-moves = moves
web-cmd-material = captured material
web-cmd-captured = captures
web-captured = Name the captured piece in moves
web-captured-hint = For example king takes queen d8 instead of king takes d8. Command: captures on, captures off.
web-captured-on = Moves are said with the piece captured.
web-captured-off = Moves are said without the piece captured.
## The start of the game and the arbiter's rules choices (issue 18)
web-status-waiting = The game waits for the arbiter's start.
web-arbiter-start = Start the game
web-round-start-all = Start all boards
web-round-start-board = Start board { $board }
web-round-started = { $done } of { $total } boards started.
web-rules-choices = Start and the arbiter's choices
web-rules-wait-start = The game waits for the arbiter's start (Art. 6.5)
web-rules-default-time = Default time (minutes, Art. 6.7)
web-rules-default-time-hint = A player who has not arrived (his page not opened) this long after the start is reported to the arbiter. Zero unless the event's regulations say otherwise.
web-rules-vi-illegal = A visually impaired player's illegal announcement
web-rules-vi-illegal-refused = is refused before it counts
web-rules-vi-illegal-counts = counts under 7.5 (penalty, toward the loss)
web-rules-after-fix = After a fix on which the scoresheets agree
web-rules-after-fix-wait = the clocks wait for the arbiter
web-rules-after-fix-resume = play resumes by itself
web-rules-touch-stops = The clocks stop while a touch report waits for the ruling
web-rules-shown-start-wait = The game waits for the arbiter's start; default time { $minutes } min.
web-rules-shown-start-move = The clock starts with White's first move.
web-rules-shown-vi-illegal = { $choice ->
    [counts] A visually impaired player's illegal announcement counts under 7.5.
   *[refused] A visually impaired player's illegal announcement is refused before it counts.
}
web-rules-shown-after-fix = { $choice ->
    [resume] After a fix on which the sheets agree, play resumes by itself.
   *[wait] After a fix, the clocks wait for the arbiter's resume.
}
web-rules-shown-touch = { $stops ->
    [yes] The clocks stop while a touch report waits for the ruling.
   *[no] The clock runs on while a touch report waits for the ruling.
}
web-attention-waiting = The game waits for your start: start it when the players are seated.

## The blind player's page: premove, the board's keys, the game's positions, settings (issue 28)
web-voice-hint-short = F2 to speak.
web-cmd-premove = premove premoved
web-cmd-cancel = cancel clear drop
web-history-back-live = The board shows the current position again.
web-history-live = Current position.
web-history-start = Starting position.
web-history-after = Position after { $move }
web-history-at-start = Already at the starting position.
web-history-at-end = Already at the current position.
web-history-unknown = The page does not know this position; please reload it.
web-premove-set = Premove: { $move }. Played as soon as it is your turn; premove cancel drops it.
web-premove-failed = Your premove { $move } was not played: { $reason }
web-premove-is = Premove: { $move }.
web-premove-none = No premove.
web-premove-cancelled = Your premove is dropped.
web-premove-physical = With boards at the table there are no premoves: you make every move on the board.
web-premove-dropped = Your premove is dropped.
web-say-around = Around { $square }: { $pieces }.
web-say-around-empty = Nothing stands around { $square }.
web-say-last-capture = Last capture: { $move }
web-say-no-capture = Nothing has been captured yet.
web-piece-square = { $piece } { $square }
web-vi-premove = Premoves (typed in your opponent's turn, played as soon as it is yours)
web-vi-premove-hint = premove cancel drops a premove. Not with boards at the table.
web-vi-move-style = Say moves
web-vi-move-style-short = short, as announced (knight f3)
web-vi-move-style-full = with the origin square (knight g1 to f3)
web-vi-move-style-san = notation (Nf3)
web-vi-move-style-nato = squares in the NATO alphabet (Golf one Foxtrot three)
web-vi-board-layout = Board
web-vi-board-layout-own = seen from your side
web-vi-board-layout-white = always seen from White's side
web-vi-square-order = Say squares
web-vi-square-order-square = square, then piece (e2 white pawn)
web-vi-square-order-piece = piece, then square (white pawn e2)
web-vi-reader-rate = How fast your screen reader speaks
web-vi-reader-rate-slow = slow
web-vi-reader-rate-normal = normal
web-vi-reader-rate-fast = fast
web-vi-reader-rate-fastest = very fast
web-vi-reader-rate-hint = The page uses it to judge whether a key cut a move off; then it says the move again.
web-vi-help-key-files = Shift and 1 to 8: to file a to h on the same rank.
web-vi-help-key-moves = M: the legal moves from this square; Shift and M: only the captures.
web-vi-help-key-around = A: the pieces on the squares around it; O: the square you are on.
web-vi-help-key-last = Z: the last move; Shift and Z: the last capture.
web-vi-help-key-clock = C: the time (the talking clock).
web-vi-help-key-history = Comma: one move back, full stop: one move on; with Shift: to the starting and to the current position. Escape and every new move return to the current position.
web-nato-square = { $file ->
    [a] Alfa
    [b] Bravo
    [c] Charlie
    [d] Delta
    [e] Echo
    [f] Foxtrot
    [g] Golf
   *[h] Hotel
} { $rank }
web-nato-move = { $promotion ->
    [none] { $from } { $to }
   *[other] { $from } { $to } { $promotion }
}

## A game against the computer (issue 34): a new one from the lobby and from the blind
## player's page, and the practice aids on that page.

web-lobby-played-by = Played by
web-lobby-person = a person
web-lobby-computer-level = the computer, level { $level }
web-cmd-hint = hint
web-cmd-eval = eval evaluation
web-cmd-take-back = takeback undo
web-cmd-computer = computer
web-cmd-white = white
web-cmd-black = black
web-cmd-help-computer = computer practice hint eval takeback
web-help-computer = Against the computer: computer 3 starts a new game against the computer at level 3 (1 is the weakest, 8 the strongest), 15 minutes each and 10 seconds a move; computer 3 10 5 with 10 minutes and 5 seconds; add black to play Black. In such a game: hint, a good move for you; eval, who stands better; takeback, your last move and the computer's reply go back.
web-vi-no-game = There is no game on this page yet. To play the computer, type computer and a level from 1 to 8, for example computer 3, or fill in the form New game against the computer.
web-vi-which-level = Which level? From 1 to 8, for example computer 3.
web-vi-new-game-confirm = Start a new game against the computer? This game goes on without you.
web-vi-new-game-created = New game against the computer, level { $level }: you play { $color }.
web-new-game-heading = New game against the computer
web-new-game-level = Level
web-new-game-level-option = Level { $level ->
    [1] 1, the weakest
    [8] 8, the strongest
   *[other] { $level }
}
web-new-game-color = You play
web-new-game-start = Start the game
web-new-game-hint = The computer answers your moves at once. In the game: hint, eval and takeback.
web-lobby-computer-one = Only one side can be played by the computer.
