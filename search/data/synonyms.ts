// Hand-made thesaurus of tool-request vocabulary (Stockroom, MIT): each line is a group of words and
// phrases people use for the same operation or object. Every word of a group expands to the others
// (at reduced weight) when it appears in a query. Kept general on purpose: verbs and nouns of software
// tools, not the wording of any benchmark request.
export const SYNONYM_GROUPS = `
delete remove erase drop discard destroy trash purge wipe cancel
create add new make insert register compose open file
update edit modify change alter amend adjust patch rename
move reschedule postpone push shift relocate
find search lookup look locate seek discover query
list show display view enumerate browse
get fetch retrieve read obtain load download
send email mail message post deliver dispatch
reply respond answer
event meeting appointment standup call session
calendar schedule agenda
screenshot capture snapshot screen
repository repo project codebase
pull request pr merge
issue ticket bug task story item
run execute trigger start launch invoke kick dispatch
rerun retry restart re-run
undo revert rollback roll reset restore unstage
branch checkout switch
page site website webpage url link
web internet online google
transcript captions subtitles
document doc page note file
balance money funds
route directions drive driving travel distance
coordinates latitude longitude geocode address location
report research investigate study analysis
news headlines
memory heap
remember store save memorize keep observation
backlog workitem work
table schema column
payment charge pay paid
refund reimburse
product item goods
price cost pricing
error failure fail failed crash broken broke exception bug
log logs output trace
deploy deployment rollout release ship
folder directory
upsert insert put index store
comment note annotate
tag version release
diff changes changed modified status
tutorial video youtube
stop close terminate kill halt
install setup configure
summary summarize tldr overview
translate translation
convert transform turn
time clock hour
date day today tomorrow
weather forecast
image picture photo
user member person people account
customer client buyer
channel chat conversation thread
contact person
password credential secret token key
subscribe subscription
invoice bill billing
database db
query sql
container docker pod
cluster kubernetes k8s
server host machine instance
price amount total
latest newest recent last
`;
