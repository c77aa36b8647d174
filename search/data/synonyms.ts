// Hand-made thesaurus of tool-request vocabulary (Stockroom, MIT). Built by walking the words of tool
// names and descriptions in a real MCP catalog (actions and objects of software tools) and writing
// down how people ask for each, not from the wording of any benchmark request.
//
// A line `a b c` is a group of synonyms: each word expands to the others. A line `a b > x y` is
// directed: a and b (how people ask) expand to x and y (how tools are described), not the reverse,
// for narrower or colloquial words whose broader term would otherwise drag them into every query.
// Words are analysed like query text (stemmed, stop words dropped), so one form per word is enough.
export const SYNONYM_GROUPS = `
# actions: making, changing, removing
create add new make insert generate register
build compose construct > create make
spin setup provision > create
delete remove erase drop discard destroy purge wipe
trash clear > delete remove
cancel abort revoke > delete stop
uninstall > remove delete
update edit modify change alter amend revise patch
adjust tweak fix correct > update edit change
rename retitle > update name title
replace substitute swap > update edit change
move relocate transfer
reschedule postpone delay > update move event
copy duplicate clone
fork > copy clone
merge combine join
squash > merge
archive > label move
restore recover undelete > undo
undo revert rollback
reset > undo revert
unstage > reset
# actions: finding and reading
search find lookup locate seek discover query
hunt > search find
list enumerate
browse > list search view
show display view
see > show view list
get fetch retrieve obtain read load
download > fetch get save
read open view
inspect examine check > describe view get
describe explain detail > get info
count tally > count number total
filter > search query
sort order rank
rerank reorder > rank sort
compare diff difference
# actions: sending and talking
send deliver dispatch
email mail
message dm text chat
post publish
notify alert ping > send notification
reply respond answer
forward > send
comment remark > comment note
react emoji > reaction
ask question > query answer
invite > attendee invitation
accept decline rsvp > respond invitation
share > send link
# actions: running things
run execute invoke launch trigger
start begin kick > run start
rerun retry > rerun restart run
restart reboot > restart
stop halt terminate kill end quit
close shut exit > close stop
pause suspend freeze > pause stop
resume unpause > restore start
deploy release ship publish rollout
install setup configure
upgrade > update version
schedule plan book arrange
remind reminder > event calendar
scale resize > scale replicas
replicas replica > scale
debug troubleshoot diagnose > error log
test > test check
validate verify > check validate
lint > check
analyze analyse evaluate assess audit
profile benchmark > performance trace
monitor watch track observe
subscribe follow watch
unsubscribe unfollow > unsubscribe ignore
assign allocate delegate
approve > approve review
review critique > review comment
label tag categorize classify
star bookmark favorite
pin > star
save store keep persist
save store > put write upsert
remember memorize > memory store save observation
forget > delete memory
upload attach
import ingest > import upload insert
export dump backup > export download
convert transform
translate > convert
summarize summary tldr overview recap digest
research investigate study
write draft compose
type enter input fill
click tap press
navigate visit go goto
scrape crawl extract
capture grab snap > screenshot capture
record > record screencast capture
login signin authenticate > auth login
connect > connect connection
embed vectorize > embedding vector
calculate compute > calculate
# objects: code and work
repository repo codebase
pr > pull request
mr > merge request
issue ticket bug task story
workitem > work item
item > item record entry
commit changeset revision
change changes changed > diff change
branch
file document doc
folder directory dir
path > path directory file
code source
snippet paste > gist code
gist > snippet
release version tag
project workspace
sprint iteration
backlog todo > backlog work item
milestone deadline > milestone
board kanban > board project
workflow pipeline
build job
test spec
log logs output
error failure fail failed crash exception broken
flaky intermittent unreliable > flaky
alert alarm warning
notification notifications
permission access role
secret credential password token apikey
key > key secret
variable env environment
config configuration settings preferences options
template boilerplate > template
function lambda serverless > function
# objects: infrastructure and data
server host machine instance vm
container docker pod
cluster kubernetes k8s
node > node machine
deployment > deployment deploy
service > service
database db datastore
table schema column field
row record entry document
collection > collection table
index > index
sql > query sql
bucket storage blob > bucket storage object
queue > queue message
domain dns zone
route endpoint url
model llm > model ai
embedding vector
usage quota consumption limit
cost price billing
performance speed slow latency
memory heap
cache kv > cache key value
process program pid
terminal shell console command cli
session > session
status state health progress
metric metrics stats statistics analytics
# objects: web and browser
page site website webpage url link
web internet online
browser tab window
screenshot screengrab
screen > screenshot
form field input
button element control
dialog popup modal prompt
keyboard key keystroke
network request traffic http
console > console log message
script javascript js
# objects: people and communication
user member person people account
teammate colleague coworker employee > user member team
customer client buyer
contact lead > contact
company organization org business
team group
channel room conversation thread
inbox mailbox > email inbox
attachment attached > attachment file
reaction emoji
# objects: calendar, places, time
event meeting appointment session
standup sync call > meeting event
calendar agenda schedule
busy availability available > freebusy
time clock hour
timezone zone > timezone time
address location place
coordinates latitude longitude geocode
elevation altitude height
directions route navigation
drive driving commute > directions distance travel
distance far travel
nearby near around local > nearby local place
restaurant cafe shop store business > place local
# objects: money
payment charge pay transaction
refund reimburse
subscription recurring
membership > subscription
invoice bill receipt
coupon discount promo promotion voucher
balance funds money
product item goods
price pricing cost fee
# objects: content
image picture photo pic
video clip footage
transcript captions subtitles
news headlines
article post blog
paper papers arxiv publication > paper research
documentation docs manual reference guide
report > report research summary
note notes memo
markdown md
pdf > pdf document
knowledge > knowledge graph memory
entity > entity node
relation relationship connection > relation
# how requests ask without naming the action or the field (a question's words)
many > count number total
big huge > size
disk space footprint > storage size
high tall > elevation height altitude
latest newest recent
last previous > latest recent
pass passed succeed succeeded green > status result
finished completed > status complete
# storing and sending data
upload > put write
put > insert upsert upload write
upsert > insert update
insert > upsert
# money, time, web, code
plan plans tier > subscription price
billing billed > subscription invoice payment
free > freebusy availability available
online google > web search
look > search find view
youtube > video
tutorial tutorials > video
vulnerable vulnerability vulnerabilities cve exploit > security advisory alert dependabot
dependency dependencies package packages > dependency dependabot
calls > request
hours opening rating ratings > place details
# a second walk over the words of tool names that had no line yet
switch > checkout change select context
stage staging > add
assignee owner > assign
assign > assignee
batch bulk multiple several
attribute > property field
content contents body
title heading subject
info information details metadata
mention mentions > notification
leak leaked exposed > secret scanning
var vars > variable env
hourly daily weekly nightly periodic > cron schedule
cron > schedule trigger
migrate migration > schema
wiki knowledgebase > documentation page
hover mouseover
choose pick > select option
link linked associate > association relation
activity activities > engagement
extension addon plugin
hierarchy structure > tree
artifacts > artifact build output
emulate simulate mimic
screencast > screen recording video
wait until > wait
toggle enable disable
audio music > media
announce announcement followers > broadcast
average sum > aggregate
chargeback > dispute
dismiss ignore hide
authorship annotate > blame
collaborators contributors > collaborator member
prioritize priority > priority reprioritize
stylesheet css > style
lighthouse > audit performance accessibility seo
accessibility seo > audit lighthouse
inference predict > model run
library libraries framework sdk > library documentation
compress zip > gzip
parse > convert extract
colour > color
cleanup prune tidy > delete cleanup
exec > run execute
disconnect logout signout > disconnect
dsn uri > connection string url
reasoning logic > reason
history > log
# shell commands people type as words
mkdir > create directory folder
rmdir > delete directory folder
rm > delete remove file
mv > move rename file
cp > copy file
ls > list directory files
grep > search text files
# pictures, places
draw paint sketch illustrate > generate image
lat lng > latitude longitude coordinates geocode
# a third walk: everyday words requests use for tool actions and objects (phrasal verbs, slang, small talk)
rid ditch nuke scrap toss junk axe > delete remove
bump > update upgrade version increase
raise increase boost > update increase
lower decrease reduce shrink > update decrease
grab snag > get download fetch
print prints printed echo > output log
catch > recent history summary
jot > note create write
mark flag > label update status
wrap > complete close finish
broke > error failure
stuck hung hang hanging frozen > status pending error
behind outdated stale > update latest
refresh resync > update sync
handoff reassign > assign update
signup signups > customer user
quickest fastest shortest > directions distance route duration
venue venues spot > place
hotel motel lodging > place
due overdue > date milestone
tracker > project board database
revenue sales earnings income > payment balance charge
unpaid outstanding owed > invoice
expire expiring expiry lapse > subscription
zip tarball tar > archive artifact file compress
tail > read file lines log
crashed outage incident > error status health
attending attendees guests > attendee event
slot slots > availability freebusy time
manager boss > user
phone mobile cell > phone contact
spreadsheet sheet > csv file table
deck slides presentation > document file
chore errand todo > task
logo icon banner illustration poster > image generate
lgtm > approve review
land > merge
checks > status check run
throttle throttled throttling > emulate network cpu
ddl > migration schema
downgrade > update subscription
upgrade > subscription
know knew > memory knowledge
think thinking > thought reason
visitors visits pageviews > analytics traffic
crm > contact company deal
tear > delete destroy
clean > cleanup delete
roll > rollback revert
turn > toggle enable disable
response responses > request network
# abbreviations and nicknames of the services tools belong to
ado > azure devops
gh > github
gcal > google calendar
tunnel > port forward
film > record video screencast
# a fourth walk over every tool, namespace by namespace: how people ask for it without its words (written from the tool list only)
# github
gha > github actions workflow
rebuild > rerun build run workflow
hash > commit sha
thumbs upvote > reaction emoji
subtask > sub issue parent subtasks
epic > parent issue
dupe dupes > duplicate
smell smells > code quality finding
sast codeql > code scanning security alert
vuln vulns > vulnerabilities security advisory alert dependabot
whoami > authenticated user profile
changelog > release notes
roster > team members users
blocker blockers prerequisite > blocked blocking dependency
pastebin > gist snippet
mute silence snooze > ignore notification subscription
acknowledge ack > dismiss read notification done
roadmap > project milestone iteration
signoff > approve review approval
reopen > state open closed
wontfix > close closed state reason
wip > draft
rebase > update branch base
trunk master > main default base branch
usages callers > search code symbols
forum > discussion
unassign > assignees remove
inbox > notifications unread
# memory
recall > knowledge graph search nodes observations
fact facts > observations knowledge
brain mindmap > knowledge graph
concept concepts > entities node
# brave_search
bing duckduckgo ddg > web search
happening trending > news current breaking recent
cite citation citations > sources references
landmark landmarks attraction attractions sights sightseeing > place pois local
coffee pub gym pharmacy grocery supermarket bakery > place local businesses
wallpaper gif meme > image pictures
nsfw > safesearch adult explicit
# slack
scrollback > history messages channel
convo convos > conversation thread message channel
msg msgs > message
chatroom > channel
whois > user profile information
bio > profile user
# google_maps
coords gps > coordinates latitude longitude geocode
geolocate geolocation > geocode coordinates location
postcode zipcode > address postal
eta > duration travel time directions
mileage miles km kilometers > distance
walk walking bike biking cycling subway metro > directions travel mode transit walking bicycling
itinerary > directions travel route
# puppeteer
headless chromium firefox safari > browser
printscreen prtsc > screenshot
dropdown combobox picklist > select option dropdown
populate > fill input form
eval > evaluate execute javascript script
textbox textarea textfield > input field fill
# jira
timesheet timelog > worklog time spent
# linear
asap > priority urgent high
enhancement rfe > feature request
sizing storypoints > estimate
# tavily
spider > crawl
sitemap > map website structure urls
deepdive > research comprehensive
literature > research papers sources
# elasticsearch
elastic > elasticsearch
index > indices
partition partitions > shard shards
fulltext > search index query
schema > mappings
# cloudflare
cf > cloudflare
edge > worker function
s3 minio > bucket object storage
sqlite > database sql
subdomain subdomains hostname > domain
hits > analytics
pubsub mq sqs enqueue > queue message send
dequeue > queue message
gpt chatgpt chatbot > ai model text generation
llama mistral > ai model inference
scaffold starter skeleton > template
orchestrate orchestration > workflow
tenant tenants multitenant > dispatch namespace
timer wakeup > alarm
dotenv > environment variable
toml > configuration config
rewind > rollback previous version
# azure_devops
vsts tfs > azure devops
epic epics > work item issue
subtask subtasks > child sub issue work item
pto vacation holiday holidays > capacity event calendar
qa > test case plan
testcase testcases > test case
stacktrace traceback > stack trace error
squad roster > team member
whoami > identity user
licence licensing > license
triage > priority label assign
signoff > approve review
reopen reopened > update status state
binary binaries > artifact build
# chrome_devtools
spoof pretend > emulate
dark darkmode > emulate color scheme
useragent > emulate user agent
offline > emulate network
gps > geolocation location coordinates
eval > evaluate script
cookie cookies > network request header
xhr ajax > network request
a11y > accessibility audit
pagespeed > performance lighthouse speed
sluggish laggy janky > performance slow
heapdump oom > heap snapshot memory
dom > snapshot element
viewport > resize window dimension
refresh > reload navigate
hotkey shortcut shortcuts > press key keyboard
checkbox checkboxes dropdown radio > form fill select option
mouse > hover click drag
localhost > url navigate page
dblclick doubleclick > click
autofill prefill > fill form
flamegraph bottleneck bottlenecks > performance trace insight
# perplexity
pplx > perplexity
cite cited > citations
dive thorough indepth > research comprehensive
factcheck > verify fact
solve puzzle > reasoning math logic
eli5 > explanation explain
trivia > factual question answer
# time
tz utc gmt pst est cet > timezone time
dst daylight > timezone time
late early > time current
# context7
npm pypi crate crates > package library
cheatsheet > documentation example
# exa
ceo founder founders > people company
recruit recruiting headhunt > people linkedin
# fetch
curl wget > fetch url http request
# aws_kb_retrieval
rag > retrieval knowledge
bedrock > knowledge base retrieval
# everart
artwork wallpaper avatar thumbnail mockup > image generate
midjourney dalle diffusion sdxl > image generate model
svg > vector image
photoreal lifelike > photorealistic image
# supabase
psql postgresql > postgres sql database
pricey expensive afford > cost price
wake revive reactivate unfreeze > restore resume project
hibernate idle > pause project
fk pk > foreign primary key constraints
pgvector postgis > extension database
harden hardening insecure loophole > security vulnerabilities advisors
typings ts > typescript types
prod > production
dev > development
anon > publishable anon key
datacenter > region
# mongodb
mongo > mongodb
nosql > mongodb collection documents
indices > index indexes
groupby pivot rollup crunch > aggregate aggregation pipeline
seed populate > insert documents
optimize optimise tune tuning speedup > performance optimizer improvements
shape > schema structure
# desktop_commander
cat > read file contents
peek glance skim > read view
ps htop > list processes cpu memory
hog hogging > cpu memory usage process
sigkill pkill > kill process terminate
spawn > start process
shutdown poweroff > stop terminate
stdin > input process interact
repl > process interactive session
uptime > runtime status
mtime > modified time
chmod chown > permissions
wc > count lines
sed > edit replace text
overwrite > write replace file
spreadsheet workbook > excel sheet xlsx
xls > excel xlsx sheet
glob wildcard > pattern search files
regexp > regex pattern
ripgrep rg > search files pattern
subfolder subfolders subdirectory subdirectories > directory nested recursive
allowlist whitelist > allowed directories
blocklist blacklist denylist > blocked commands
walkthrough tour > onboarding
complain complaint > feedback
# firecrawl
harvest > scrape extract
ocr > parse extract text pdf
eye > monitor watch
cite cites cited > citation citers references
preprint preprints > paper arxiv
lookalike > similar related
automate automation > interact browser
done > status completed
# playwright
viewport dimensions > resize window width height
darkmode theme > dark light color scheme
eval > evaluate javascript
xhr ajax har > network request
screencap printscreen > screenshot
a11y > accessibility snapshot
dblclick doubleclick > double click
picklist combobox selectbox > dropdown select option
hotkey shortcut keybinding > key keyboard press
sleep > wait time
autofill prefill > fill form field
surf > navigate browsing web
# notion
whoami > self user bot
paragraph paragraphs bullet bullets checklist callout > block children
subpage subpages > page children parent
datasource > data source
reparent > move parent
props > property properties
# kubernetes
kube > kubernetes kubectl
ns > namespace
yml > yaml manifest
kubeconfig > context cluster
svc > service
sts > statefulset
hpa autoscale autoscaling > scale replicas
redeploy bounce > restart rollout deployment
evict evacuate > drain node
maintenance unschedulable > cordon drain node
ssh > exec shell command
stdout stderr > output log
heartbeat reachable > ping responsive alive connection
crd crds > resource api
# stripe
onboard onboarding > create customer user
sku skus > product price
cash payout payouts > balance
purchase purchases > payment charge
churn churned > cancel subscription
mrr > subscription
finalise finalised > finalize invoice
fraud fraudulent contest > dispute evidence
paylink > payment link
# hubspot
whoami > user account details
opportunity opportunities oppty > deal
touchpoint touchpoints > engagement note
automation automations > workflow
# gmail
shoot > send
unread > label email
spam > label filter email
newsletter newsletters > email label filter
rule rules > filter
preset presets > template
cc bcc > email recipient
# neon
pg postgresql > postgres
psql > sql query postgres
atomic atomically > transaction
creds > credential password secret
# everything
addition plus > sum
flip > toggle
parrot > echo
# filesystem
touch > create file
sed > edit replace file
du > size directory
kb mb gb bytes > size
subfolder subfolders subdirectory > directory subdirectories tree
mtime > modified time metadata
whitelist whitelisted allowlist > allowed
# circleci
red > failure failed
junit > test results
yaml yml > config configuration
orb orbs > config
spend spending credits > usage cost
underutilized underutilised overprovisioned oversized idle wasted > underused usage
rightsize rightsizing > underused resource
binary binaries > artifact
# google_calendar
diary itinerary > calendar event
recurrence repeating > recurring
tentative tentatively > respond invitation
vacation pto ooo > office event busy
# git
uncommitted dirty > status staged changes
checkin > commit
sha hash > commit revision
trunk > main branch
# line
blast > broadcast
avatar pfp > profile picture
bio > profile
allowance > quota limit
# browserbase
headless > browser session
autopilot > agent autonomously
# netlify
guideline guidelines conventions > rules
protect protected > access password
init > initialize create
# pinecone
rag > search records index embedding
dedupe dedup > deduplicate
# sequentialthinking
brainstorm ponder mull > thought thinking
# youtube_transcript
yt > youtube video
spoken > transcript
`;
