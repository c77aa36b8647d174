// Vocabulary pack `general` (Stockroom, MIT): how people ask software tools for things — actions and objects of
// software tools, everyday request words, shell words, a Chinese→English glossary of common software words —
// written by walking the words of tool names in a real MCP catalog, never naming a particular server.
// A line `a b c` is a group of synonyms: each word expands to the others. A line `a b > x y` is directed: a and b
// (how people ask) expand to x and y (how tools are described), not the reverse. Words are analysed like query
// text (stemmed, stop words dropped), so one form per word is enough. Glossary lines: `中文|变体=english words`
// (an empty right side marks filler words that carry no tool meaning).
export const GENERAL_THESAURUS = `# actions: making, changing, removing
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
look > search find view
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
# a fourth walk, namespace by namespace (the general ones: time, fetch, files, git), from the tool list only
# time
tz utc gmt pst est cet > timezone time
dst daylight > timezone time
late early > time current
# fetch
curl wget > fetch url http request
# filesystem
touch > create file
sed > edit replace file
du > size directory
kb mb gb bytes > size
subfolder subfolders subdirectory > directory subdirectories tree
mtime > modified time metadata
whitelist whitelisted allowlist > allowed
# git
uncommitted dirty > status staged changes
checkin > commit
sha hash > commit revision
trunk > main branch
`;

export const GENERAL_GLOSSARY = `帮我|帮忙|请|请你|麻烦|麻烦你|我想|我要|我想要|想要|需要|能否|能不能|可以|可不可以|一下|一个|一封|一条|一份|一些|这个|那个|这些|那些|把|给|的|了|吗|呢|吧|啊|我|你|他|她|我们|你们|他们|是|在|到|和|与|及|或|并|就|都|也|还|又|再|从|对|让|被|为|为了|用|使用|关于|里|里面|上面|下面|中=
现在|当前|目前=current now
几点|几点钟|时间|时刻=time
时区=timezone time zone
日期|几号=date
今天|今日=today
明天|明日=tomorrow
昨天|昨日=yesterday
后天=day after tomorrow
本周|这周|这个星期=this week
下周|下个星期=next week
上周|上个星期=last week
周报=weekly report
日报=daily report
月报=monthly report
早上|上午|早晨=morning
下午=afternoon
晚上|傍晚=evening
中午=noon
中文=chinese
小时=hour
分钟=minute
秒=second
星期一|周一=monday
星期二|周二=tuesday
星期三|周三=wednesday
星期四|周四=thursday
星期五|周五=friday
星期六|周六=saturday
星期日|星期天|周日=sunday
月=month
年=year
点=o'clock
三点=three o'clock
日历|日程|日程表|行程=calendar schedule
日程安排|行程安排=calendar events schedule
会议|开会=meeting event
约会|预约=appointment event
活动|事件=event
提醒|提醒我=reminder remind
安排|预定|预订|订=schedule book create
取消=cancel delete
推迟|延后|改期|改到=reschedule move update
邀请=invite attendee
参会人|参加者|与会者=attendee
闹钟=alarm
邮件|电子邮件|邮箱|电邮|email=email mail
发邮件|发送邮件=send email
收件箱=inbox
草稿=draft
附件=attachment
主题=subject
正文=body
标签=label tag
回复=reply
转发=forward
抄送=cc
发|发送|发给|寄=send
消息|信息|讯息=message
聊天|对话=chat conversation
频道=channel
群|群组|群聊=group channel
通知=notification notify
老板|领导|经理=boss manager
同事=colleague
联系人|通讯录=contact
用户=user
客户|顾客=customer
账户|账号|帐号|帐户=account
密码=password
登录|登入=login sign in
登出|退出登录=logout sign out
注册=sign up register
权限=permission
团队=team
成员=member
组织|机构=organization
公司=company
网页|页面|网站|站点|网址=web page website url
链接=link url
浏览器=browser
标签页=tab
截图|截屏|屏幕截图|截个图|截张图=screenshot
屏幕=screen
点击=click
输入=type input
表单=form
按钮=button
滚动=scroll
导航|打开网址=navigate
抓取|爬取|爬虫=scrape crawl
提取=extract
搜索|搜|搜一下|查找|寻找|找|查询|检索=search find query
查|查看|看看|看|显示|展示=view show get list
列出|列表|清单=list
上网|网上|在线|联网|互联网=web online internet
新闻|头条=news headlines
图片|照片|图像=image photo
视频=video
音频|音乐=audio music
字幕|文字稿|逐字稿=transcript captions
转成|转换|转为|转化|转=convert
翻译=translate
总结|摘要|概括=summary summarize
研究|调研=research
报告=report
比较|对比=compare
分析=analyze analysis
文件=file
文件夹|目录=folder directory
文档=document doc
笔记=note
读|读取|阅读|打开=read open
写|写入|保存|存储|存=write save
编辑|修改|更改|改|替换=edit modify change replace
创建|新建|建|创建一个|新增|添加|加|增加=create add new
删除|删掉|删|移除|去掉=delete remove
更新=update
移动|挪=move
重命名|改名=rename
复制|拷贝=copy
上传=upload
下载=download
导入=import
导出=export
备份=backup
恢复|还原=restore
同步=sync
压缩=compress
解压=extract unzip
打印=print
表格|电子表格=spreadsheet table
数据库=database
表=table
数据=data
记录=record
字段|列=column field
行=row
索引=index
集合=collection
执行|运行|跑=run execute
启动|开始|开启=start launch
停止|结束|停掉|关闭|关掉|关=stop close
重启|重新启动=restart
重新运行|重跑|重试=rerun retry
部署|上线|发布=deploy release publish
回滚|撤销|撤回|还原部署=rollback undo revert
安装=install
卸载=uninstall
配置|设置=config settings configure
环境变量=environment variable
日志=log logs
错误|报错|出错=error
失败|挂了=fail failure
崩溃=crash
监控=monitor
测试=test
构建|编译=build
流水线|管道=pipeline workflow
工作流=workflow
任务=task job
作业=job
代码=code
仓库|代码库|代码仓库|仓=repository repo
分支=branch
主分支=main branch
提交=commit
提|提出|提个=create submit open
合并=merge
拉取请求|合并请求=pull request
推送=push
拉取=pull
克隆=clone
差异|改动|变更=diff changes
暂存=stage
版本=version release
标记=mark label tag
问题|议题|工单|缺陷|bug=issue bug ticket
需求=requirement story
评论|留言|备注=comment
审查|评审|审核=review
批准|通过=approve
指派|分配=assign
项目=project
迭代|冲刺=sprint iteration
看板=board
待办|待办事项=todo backlog
优先级=priority
高优先级=high priority
服务器=server
容器=container
集群=cluster
节点=node
服务=service
命名空间=namespace
镜像=image
端口=port
进程=process
命令|指令=command
终端=terminal shell
脚本=script
接口|API=api
密钥|令牌=key token secret
支付|付款|付钱=payment pay
收款=charge payment
退款=refund
余额|有多少钱=balance
发票|账单=invoice bill
订阅=subscription subscribe
价格|价钱|多少钱=price
产品|商品=product
订单=order
卖|出售|销售=sell sales
买|购买=buy purchase
转账=transfer
钱=money
地图=map
地址=address
位置|地点=location place
附近=nearby near
路线|路径|怎么走=directions route
导航到=directions
距离|多远=distance
开车|驾车=drive driving
步行=walking
经纬度|坐标=coordinates latitude longitude geocode
餐厅|饭店=restaurant
咖啡店|咖啡馆=coffee shop cafe
天气=weather
东京=tokyo
北京=beijing
上海=shanghai
纽约=new york
伦敦=london
记住|记下|记得=remember memory store
记忆=memory
知识=knowledge
知识图谱=knowledge graph
实体=entity
关系=relation
思考|推理=thinking reasoning
计划|规划=plan
问题解答|回答=answer
答案=answer
生成=generate
图表=chart
向量=vector embedding
相似|语义=similar semantic
登录页|登录页面=login page
白屏|空白=blank
页=page
文章=article
博客=blog
markdown|Markdown=markdown
PDF|pdf=pdf
获取|取得|拿到=get retrieve fetch
状态|进度=status state
详情|详细信息|细节=details info
队列=queue
对象=object
存储桶|桶=bucket storage
对象存储=object storage bucket
批量|批处理=batch bulk
线程|帖子=thread
条目|项目项=item
资源=resource
警报|告警|报警=alert
安全=security
漏洞=vulnerability security
填写|填=fill
网络=network
网络请求=network request
模板=template
过滤|筛选|过滤器=filter
属性=property
性能=performance
控制台=console
悬停=hover
选择|选中=select
域名=domain
定时任务|计划任务=cron schedule
触发|触发器=trigger
派生|复刻=fork
依赖|依赖项=dependency
内容=content contents
最新|最近的=latest recent
标题=title
重置=reset
会话=session
拖拽|拖动=drag
模拟=emulate simulate
对话框|弹窗|弹框=dialog
追踪|跟踪=trace track
按键|按下=press key
键盘=keyboard
调整大小=resize
录屏|屏幕录制=screencast record
快照=snapshot
等待=wait
用量|使用量|使用情况=usage
统计|统计数据=stats analytics
分析数据=analytics
模型=model
检查|检测=check inspect
论文=paper
解释=explain
广播|群发=broadcast
个人资料|个人信息=profile
默认=default
聚合=aggregate
模式|架构=schema
扩展|插件=extension
成本|费用|花费=cost
函数=function
重复|重复的=duplicate
质量=quality
分类|类别=category
协作者|合作者=collaborator
星标|加星=star
里程碑=milestone
审计=audit
洞察=insight
不稳定=flaky
制品|产物|构建产物=artifact
组件=component
嵌入=embedding
库=library
输出=output
强制=force
终止|杀掉|杀死|结束进程=terminate kill
最近=recent
调用=call invoke
工具=tool
提示词|提示=prompt
映射=mapping
分片=shard
解析=parse
相关=related
颜色=color
响应=respond
海拔|高度=elevation
关联=association
定义=definition
清理=cleanup
扩容|缩容|伸缩|副本数=scale replicas
升级=upgrade
管理=manage
连接=connect connection
断开|断开连接=disconnect
插入=insert
计数|数量=count number
事务=transaction
完成=complete
认证|鉴权|身份验证=auth authentication
规则=rules
询问|问=ask question
历史|历史记录=history
优惠券|折扣码|优惠码=coupon discount
争议|纠纷=dispute
确认=confirm
暂停=pause
迁移=migration
类型=type
变基=rebase
环境=environment
变量=variable
路由=route
绑定=binding
工作项=work item
测试计划=test plan
测试用例|用例=test case
证书=certificate
用户名=username user
头像=avatar profile picture
网址链接|超链接=link url
浏览=browse
打开网页|访问=navigate visit
返回|后退=back
前进=forward
刷新=reload refresh
关闭页面=close page
表情|表情符号=emoji reaction
反应=reaction
点赞=reaction like
讨论=discussion
通知我=notify
订阅通知=subscription notification
指标=metric
告诉|通知一下=notify tell
多少|多少个|几个=count number
已读=read
未读=unread
有哪些|都有哪些|有什么|都有什么=list
哪些|哪个|什么|有没有|是不是|一直|然后|没有|已经|还是|还没|每|要|去|来|好|很|都有|所有|全部|全都|一切|下|上|中间=
名字|名称|叫|叫做|名叫|名为=name
会议室=meeting room
周会|例会|站会|晨会=meeting event standup
程序|应用程序|应用|软件=program app process
内存=memory
占|占用|占着=usage
卡|卡住|卡死|卡在|很卡|好卡=stuck hang
电脑|计算机|本机=computer local
原因|为什么=reason cause
起不来|启动不了|启动失败|跑不起来=fail start
翻出来|找出来|找到|找找|翻|搜出来=find search
收到|收到的=received inbox
上个月|上月=last month
下个月|下月=next month
新特性|新功能|特性|功能=feature
紧急|加急=urgent priority
评价|评分|口碑|好评=rating review
店|商店|店铺|门店=shop store place
地方|位置在哪=place location
升级到=upgrade
每天|每日=daily
每周|每星期=weekly
每小时=hourly
每月|每个月=monthly
生产环境|生产|正式环境=production
测试环境|预发|预发布|预发环境=staging
开发环境=development
机器人=bot
首页|主页=homepage
磁盘|硬盘=disk
空间|容量=storage size
流量|访问量=traffic analytics
缓存=cache
清除缓存|清缓存=purge cache
发版|版本发布|发新版=release
发布说明|更新日志=release notes
冲突|合并冲突=conflict
审阅=review
拒绝|驳回=reject
重新打开=reopen
贡献者=contributor
运行记录=run
构建日志=build log
单元测试=unit test
副本=replica
描述=describe
慢查询=slow query
建表=create table
元素=element
下拉框|下拉菜单|下拉列表=select option
勾选=check
弱网|网速|限速=network throttle
手机|移动端|手机端=mobile
文件大小|大小=size
酒店|宾馆|旅馆=hotel
景点=attraction place
机场=airport
最快=fastest
空闲|有空|空档|空闲时间=free availability
忙=busy
垃圾邮件=spam
归档=archive
退订=unsubscribe
续费=renew subscription
收据=receipt
工作区|工作空间=workspace
段落=paragraph
块=block
数据源=data source
官方文档|说明文档|文档说明=documentation
用法|怎么用=usage documentation
示例|例子=example
深度研究=deep research
观察=observation
弄一个|搞一个|整一个|来一个|建一个|开一个|起一个=create new
瞅一眼|瞄一眼|看一眼|瞅瞅|看下|看一下|看一看=view show get
删了|干掉|删光|删干净|清空=delete remove clear
列一下|列出来|罗列=list
改一下|改成|改为=update edit
停一下|停下|停了=stop
拉起|跑起来|拉起来=start
挂掉|宕机|崩了|跪了=down fail
变慢|很慢|太慢|加载慢|打开慢=slow performance
超时=timeout
拉一下|拉下来|拉代码|拉最新=pull
推一下|推上去|推到远程=push
合代码|合进去|合入=merge pull request
切分支|拉分支|拉个分支|开分支|开个分支=create branch
切换分支|切到分支|签出=checkout switches branch
子任务|子议题|子工单=sub issue
父任务|父级|上级工单=parent issue
评审人|审查人|审核人|审阅人=reviewers review
负责人|经办人|处理人|指派人=assignee assignees
代码审查|代码评审|看下代码=code review
谁改的|谁写的|谁动的|追溯=blame commit
作者|提交人=author
代码片段=gist snippet
发行版|正式版=release tag
安全公告|安全通告=security advisory advisories
依赖告警|依赖漏洞=dependabot alert
密钥泄露|泄露的密钥|密钥扫描=secret scanning alert
代码扫描=code scanning alert
目录结构|文件树|目录树|树状结构=tree directory
提交记录|提交历史=commit log history
标为已读|标记已读|全部已读=mark read
提及|提到我|艾特=mentions mention
取消星标|取消收藏=unstar
收藏=star
关注=watch follow
取消关注|不再关注|忽略=ignore
阻塞|被阻塞=blocked blocking
已解决|标记解决=resolve resolved
未解决|取消解决=unresolve
未暂存|还没暂存=unstaged diff
取消暂存|撤销暂存=reset staged
改了啥|改了什么|改了哪些=diff changes
时差|换算时间|时间换算=convert time timezone
知识库=knowledge base
产能|工时|人力=capacity
测试套件=test suite
测试结果=test results outcome
维基|百科=wiki
需求池|产品待办=backlog
百度一下|谷歌一下|搜一搜|网上搜=web search
周边|周围|旁边|边上=local places near
智能体|自动操作=agent
样式=css styles
跑分|打分|搜索引擎优化=lighthouse audit scores seo
无障碍|可访问性=accessibility
堆快照|内存快照|内存泄漏|内存泄露=heap snapshot memory
新标签页|新开标签页|新开个页面|新窗口=new page tab
请求头|响应头=headers
暗色模式|深色模式|夜间模式|黑暗模式=dark color scheme
输入框|文本框=input text area
偶发失败|时好时坏|偶现=flaky
资源规格|资源类|机器规格=resource classes
利用率|使用率|闲置=utilization underused usage
键值|键值对|键值存储=kv key value
自定义域名=custom domain
区域=zone region
文生图|画图|画一张|画张图|生成图片=generate image
文本生成|生成文本=text generation generate
回退|回到上一个版本|退回上个版本|上一个版本=rollback previous version
边缘函数=edge function
配置文件=configuration file config
开发文档|接口文档=documentation api
命令行=command shell terminal
追加=append
元数据|文件信息=metadata info
强制结束|强杀|强制终止=force terminate kill
反馈|意见反馈|提意见=feedback
全文检索|全文搜索=full text search
正则|正则表达式=regex regular expression
尾部|最后几行=tail lines
覆盖|覆写=overwrite
递归=recursive recursively
压缩包=gzip archive compress
分页|翻页|下一页=pagination page next
站点地图|网站地图|网站结构=sitemap map urls
盯着|盯一下|定期抓取|定时抓取=monitor schedule
学术|文献|文献综述=papers literature research
有没有变|有变化|变了没=changed diff
结构化数据|结构化=structured data
起草|拟一封|打个草稿=draft
过滤规则|收信规则|邮件规则=filter
彻底删除|永久删除=permanently delete
私信|私聊=direct message
接受|答应=accept
谢绝|婉拒|不去了=decline
周期性|重复事件|例行=recurring
地理编码|反查地址|逆地理编码=geocode reverse address
要多久|多久能到|车程|路程=travel duration distance
起点|出发地|终点|目的地=origin destination
线索|潜在客户|销售线索=leads
商机=deals
跟进|跟进记录|沟通记录=engagement
客户管理|客户关系=crm contacts
容器组=pod pods
资源清单|配置清单=manifest yaml
上下文=context
端口转发=port forward
排空|驱逐|腾空节点=drain node
封锁节点|禁止调度=cordon node
解封节点|恢复调度=uncordon node
滚动更新|滚动发布|灰度=rollout
进容器|进到容器=exec pod container
打补丁|补丁=patch
通不通|连得上|连不上=ping connection
重连|重新连接=reconnect
菜单|富菜单=rich menu
配额|额度=quota
公众号|官方账号=official account
分给我的|指派给我的|我的任务=assigned
删库|删数据库=drop database
连接串|连接字符串=connection string
执行计划|查询计划=explain plan
表结构=table schema
主键|外键=primary foreign key
视图=view views
建库=create database
访问控制=access controls
编码规范|开发规范=coding rules
子块|子页面=children block
一步一步|逐步|分步=step thinking
重排|重新排序=rerank
相关性|相关度=relevance
去重=deduplicate duplicate
向量库|向量数据库=vector index
等一下|等会|等几秒=wait
回帖|跟帖=reply thread
支付链接|收款链接|付款链接=payment link
开票|开发票=create invoice
定稿=finalize
支付记录|付款记录|交易记录=payment intents
证据|举证=evidence
打折|打几折|折扣=discount percent off
优化建议|安全建议=advisors
类型定义=typescript types
开发分支=development branch
公钥=publishable keys
爬一下|扒一下|扒下来=scrape crawl
抓下来|抓一下|抓下|扒一下页面=scrape fetch
拒付|退单|拒付申请=chargeback dispute
记着|记着的=remember memory
忘掉|忘记|忘了|别记了=forget delete
是谁|谁是=who user profile
出现=appear visible
往下走|继续走=continue
`;
