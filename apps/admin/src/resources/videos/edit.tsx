import type { AdminVideo } from '@ld/contract/admin/videos';
import { Edit, useForm } from '@refinedev/antd';
import { Alert, Button, Form, Image, Input, Switch } from 'antd';

/** 编辑视频: title, intro and published; the cover is the one taken at 1 second on arrival. */
export function VideoEdit() {
  const { formProps, saveButtonProps, query } = useForm<AdminVideo>({
    redirect: 'list',
    successNotification: (data) => ({ type: 'success', message: `已保存视频「${data?.data.title ?? ''}」` }),
  });
  const video = query?.data?.data;
  return (
    <Edit
      goBack={false}
      title="编辑视频"
      saveButtonProps={{ ...saveButtonProps, children: '保存' }}
      isLoading={query?.isLoading}
    >
      {query?.isError ? (
        <Alert
          type="error"
          showIcon
          message="视频加载失败"
          description={query.error?.message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <Form {...formProps} name="video-edit" layout="vertical" requiredMark={false}>
          {video ? (
            <Form.Item label="封面（第 1 秒画面）">
              <Image src={video.cover} alt={`${video.title} 封面`} width={240} />
            </Form.Item>
          ) : null}
          <Form.Item
            label="标题"
            name="title"
            rules={[
              { required: true, whitespace: true, message: '请填写视频标题' },
              { max: 64, message: '视频标题最多 64 字' },
            ]}
          >
            <Input maxLength={64} showCount style={{ maxWidth: 480 }} />
          </Form.Item>
          <Form.Item label="简介" name="intro" rules={[{ max: 1000, message: '简介最多 1000 字' }]}>
            <Input.TextArea rows={4} maxLength={1000} showCount style={{ maxWidth: 480 }} />
          </Form.Item>
          <Form.Item
            label="发布"
            name="published"
            valuePropName="checked"
            extra="发布后，门户下一次请求即可看到。"
          >
            <Switch checkedChildren="已发布" unCheckedChildren="草稿" />
          </Form.Item>
        </Form>
      )}
    </Edit>
  );
}
