// Vocabulary pack `popular-servers` (Stockroom, MIT): nicknames and how people ask for the tools of popular MCP
// servers (GitHub, Slack, Stripe, Notion, Jira, Linear, Kubernetes, Supabase…), written from their tool lists.
// A line `a b c` is a group of synonyms: each word expands to the others. A line `a b > x y` is directed: a and b
// (how people ask) expand to x and y (how tools are described), not the reverse. Words are analysed like query
// text (stemmed, stop words dropped), so one form per word is enough. Glossary lines: `中文|变体=english words`
// (an empty right side marks filler words that carry no tool meaning).
export const POPULAR_SERVERS_THESAURUS = `# web search and video services
online google > web search
youtube > video
# abbreviations and nicknames of the services tools belong to
ado > azure devops
gh > github
gcal > google calendar
tunnel > port forward
film > record video screencast
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
# context7
npm pypi crate crates > package library
cheatsheet > documentation example
# exa
ceo founder founders > people company
recruit recruiting headhunt > people linkedin
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

export const POPULAR_SERVERS_GLOSSARY = `油管=youtube
`;
