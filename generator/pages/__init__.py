"""Page writing, one module per kind of page or page part: a game's page
(:mod:`.game`), a house rule's parts (:mod:`.houserules`), the parts of a
game of trains (:mod:`.trains`), the card (:mod:`.card`), the comparison
(:mod:`.comparison`), the options (:mod:`.options`), the glossary
(:mod:`.glossary`) and the words for moves and diagrams (:mod:`.describe`)."""
